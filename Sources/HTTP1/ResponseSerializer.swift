/// Writes responses as HTTP/1.1 bytes into a reusable buffer (RFC 9112 §4, §6).
///
/// The status line always says HTTP/1.1, also to HTTP/1.0 clients (RFC 9110 §6.2: a server
/// sends the highest minor version it supports). Framing is the serializer's alone: the
/// handler's `Content-Length`, `Transfer-Encoding`, `Connection` and `Date` fields are
/// replaced, and fields whose name or value would break the framing (CR, LF, NUL) are dropped.
package enum ResponseSerializer {
    /// The interim response sent before reading a body the client is holding back
    /// (`Expect: 100-continue`, RFC 9110 §10.1.1).
    package static let continueResponse: [UInt8] = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Appends `response` to `buffer`: status line, the handler's fields, then `Date`,
    /// `Content-Length` (none for 1xx, 204, 304), and `Connection: close` when `!keepAlive`
    /// (`Connection: keep-alive` for an HTTP/1.0 client that keeps the connection). A response
    /// to HEAD gets the fields GET would get, with no body (RFC 9110 §9.3.2).
    /// A `requestID` is written as `X-Request-ID` (see `RequestID`): straight into the
    /// buffer, so echoing it costs no header array and no allocation.
    package static func serialize(
        _ response: HTTPResponse, requestMethod: HTTPMethod, version: HTTPVersion, keepAlive: Bool, date: String,
        requestID: String? = nil, into buffer: inout [UInt8]
    ) {
        let status = response.status
        let bodyAllowed = status.code >= 200 && status.code != 204 && status.code != 304
        buffer.reserveCapacity(buffer.count + 128 + (requestID?.utf8.count ?? 0) + (bodyAllowed ? response.body.count : 0))

        appendStatusLine(status, into: &buffer)
        for field in response.headers where !isFramingField(field.name) && isSafe(field.name) && isSafe(field.value) {
            buffer.append(contentsOf: field.name.utf8)
            append(": ", into: &buffer)
            buffer.append(contentsOf: field.value.utf8)
            append("\r\n", into: &buffer)
        }
        append("Date: ", into: &buffer)
        buffer.append(contentsOf: date.utf8)
        append("\r\n", into: &buffer)
        if var requestID {
            // One pass over the contiguous bytes (a small string's UTF8View is slow to walk).
            requestID.withUTF8 { id in
                guard !id.contains(where: { $0 == ASCII.cr || $0 == ASCII.lf || $0 == 0 }) else { return }
                append("X-Request-ID: ", into: &buffer)
                buffer.append(contentsOf: id)
                append("\r\n", into: &buffer)
            }
        }
        if bodyAllowed, response.stream != nil {
            // HTTP/1.0 has no chunks: the stream's bytes go as they are and the close ends them.
            if version != .http1_0 { append("Transfer-Encoding: chunked\r\n", into: &buffer) }
        } else if bodyAllowed {
            append("Content-Length: ", into: &buffer)
            appendDecimal(response.body.count, into: &buffer)
            append("\r\n", into: &buffer)
        }
        if !keepAlive {
            append("Connection: close\r\n", into: &buffer)
        } else if version == .http1_0 {
            append("Connection: keep-alive\r\n", into: &buffer)
        }
        append("\r\n", into: &buffer)
        if bodyAllowed && requestMethod != .head {
            buffer.append(contentsOf: response.body)
        }
    }

    /// Appends one piece of a streamed body: a chunk (RFC 9112 §7.1), or the
    /// bytes as they are for an HTTP/1.0 client; nothing for no bytes (an
    /// empty chunk would end the body).
    package static func appendChunk(_ bytes: [UInt8], chunked: Bool, into buffer: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        guard chunked else { return buffer.append(contentsOf: bytes) }
        appendHex(bytes.count, into: &buffer)
        append("\r\n", into: &buffer)
        buffer.append(contentsOf: bytes)
        append("\r\n", into: &buffer)
    }

    /// The end of a chunked body: the last chunk, no trailer.
    package static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

    private static func appendHex(_ value: Int, into buffer: inout [UInt8]) {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var value = UInt(max(0, value))
        var reversed: [UInt8] = []
        repeat {
            reversed.append(digits[Int(value & 0xF)])
            value >>= 4
        } while value > 0
        buffer.append(contentsOf: reversed.reversed())
    }

    private static func appendStatusLine(_ status: HTTPStatus, into buffer: inout [UInt8]) {
        if let line = StatusLine.precomputed(status) {
            buffer.append(contentsOf: UnsafeBufferPointer(start: line.utf8Start, count: line.utf8CodeUnitCount))
            return
        }
        append("HTTP/1.1 ", into: &buffer)
        // A status code is three digits (RFC 9110 §15); anything else is a programmer error
        // that must still not break the framing.
        appendDecimal(min(max(status.code, 100), 999), into: &buffer)
        buffer.append(ASCII.space)
        for byte in status.reasonPhrase.utf8 where ASCII.isFieldValueChar(byte) { buffer.append(byte) }
        append("\r\n", into: &buffer)
    }

    private static func isFramingField(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4: HTTPHeaders.equalNames(name, "Date")
        case 10: HTTPHeaders.equalNames(name, "Connection")
        case 14: HTTPHeaders.equalNames(name, "Content-Length")
        case 17: HTTPHeaders.equalNames(name, "Transfer-Encoding")
        default: false
        }
    }

    private static func isSafe(_ text: String) -> Bool {
        !text.utf8.contains { $0 == ASCII.cr || $0 == ASCII.lf || $0 == 0 }
    }

    @inline(__always)
    private static func append(_ literal: StaticString, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Written from the right, dividing by a constant 10 (a multiplication)
    /// rather than by a variable power of ten (a division per digit).
    static func appendDecimal(_ value: Int, into buffer: inout [UInt8]) {
        let value = UInt(max(0, value))
        var digits = 1
        var probe = value / 10
        while probe > 0 {
            digits += 1
            probe /= 10
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits) { written in
            var rest = value
            for index in written.indices.reversed() {
                written[index] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            }
            buffer.append(contentsOf: UnsafeBufferPointer(written))
        }
    }
}
