/// The fields that decide framing and connection handling, read from the raw bytes as the
/// head parser meets them, then turned into `BodyFraming` and flags (RFC 9112 §6.3, §9.3).
/// Errors are recorded, not thrown, so that the order of the checks in `head(...)` decides
/// which one a request with several faults gets, whatever the order of its fields.
struct HeadFields {
    private var hostCount = 0
    private var hostIsValid = true
    private var contentLength: Int?
    private var contentLengthError: HTTPParseError?
    private var hasTransferEncoding = false
    private var transferCodingCount = 0
    private var sawChunked = false
    private var sawOtherCoding = false
    private var transferEncodingError: HTTPParseError?
    private var connectionClose = false
    private var connectionKeepAlive = false
    private var expectContinue = false

    mutating func note(
        _ bytes: UnsafeRawBufferPointer, name: Int, _ nameLength: Int, value: Int, _ valueEnd: Int
    ) {
        switch nameLength {
        case 4 where ASCII.equalsLowercased(bytes, name, 4, "host"):
            hostCount &+= 1
            if !Self.isValidHost(bytes, value, valueEnd) { hostIsValid = false }
        case 6 where ASCII.equalsLowercased(bytes, name, 6, "expect"):
            var elements = ListElements(bytes, value, valueEnd)
            while let element = elements.next() {
                if ASCII.equalsLowercased(bytes, element.lowerBound, element.count, "100-continue") {
                    expectContinue = true
                }
            }
        case 10 where ASCII.equalsLowercased(bytes, name, 10, "connection"):
            var elements = ListElements(bytes, value, valueEnd)
            while let element = elements.next() {
                if ASCII.equalsLowercased(bytes, element.lowerBound, element.count, "close") { connectionClose = true }
                if ASCII.equalsLowercased(bytes, element.lowerBound, element.count, "keep-alive") {
                    connectionKeepAlive = true
                }
            }
        case 14 where ASCII.equalsLowercased(bytes, name, 14, "content-length"):
            noteContentLength(bytes, value, valueEnd)
        case 17 where ASCII.equalsLowercased(bytes, name, 17, "transfer-encoding"):
            noteTransferEncoding(bytes, value, valueEnd)
        default:
            break
        }
    }

    /// Host = uri-host [ ":" port ] (RFC 9110 §7.2, RFC 3986 §3.2.2): the bytes of reg-name
    /// (unreserved, pct-encoded, sub-delims), ":" and the brackets of an IP literal. Empty is
    /// allowed (RFC 9110 §7.2: a target without authority sends an empty Host).
    private static func isValidHost(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        for k in start..<end {
            let byte = bytes[k]
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: continue  // DIGIT, ALPHA
            case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "%"),
                 UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
                 UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
                 UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: "]"):
                continue
            default:
                return false
            }
        }
        return true
    }

    /// Content-Length = 1*DIGIT. RFC 9110 §8.6 lets a recipient accept a list of identical values
    /// ("5, 5", or the same field twice) as one; we do, and reject any that differ.
    private mutating func noteContentLength(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) {
        var elements = ListElements(bytes, start, end)
        while let element = elements.next() {
            guard !element.isEmpty else {
                contentLengthError = contentLengthError ?? .invalidContentLength
                return
            }
            var length = 0
            for k in element {
                let digit = bytes[k] &- 0x30
                let (times10, overflow1) = length.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(Int(digit))
                guard digit <= 9, !overflow1, !overflow2 else {
                    contentLengthError = contentLengthError ?? .invalidContentLength
                    return
                }
                length = sum
            }
            if let contentLength, contentLength != length {
                contentLengthError = contentLengthError ?? .conflictingContentLength
            }
            contentLength = length
        }
    }

    /// transfer-coding = token *( OWS ";" OWS transfer-parameter ). Only a single, final `chunked`
    /// is decoded (RFC 9112 §6.1, §7).
    private mutating func noteTransferEncoding(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ end: Int) {
        hasTransferEncoding = true
        var elements = ListElements(bytes, start, end)
        while let element = elements.next() {
            // RFC 9110 §5.6.1: empty list elements are ignored.
            guard !element.isEmpty else { continue }
            transferCodingCount &+= 1
            var nameEnd = element.lowerBound
            while nameEnd < element.upperBound && ASCII.isTokenChar(bytes[nameEnd]) { nameEnd &+= 1 }
            let hasParameters = nameEnd < element.upperBound
            guard nameEnd > element.lowerBound,
                  !hasParameters || bytes[nameEnd] == ASCII.semicolon || ASCII.isWhitespace(bytes[nameEnd])
            else {
                transferEncodingError = transferEncodingError ?? .invalidTransferEncoding
                continue
            }
            if sawChunked {
                // Anything after chunked, including a second chunked (RFC 9112 §6.1: MUST NOT apply
                // chunked more than once; §6.3 item 4: chunked must be final).
                transferEncodingError = transferEncodingError ?? .chunkedNotFinal
            }
            if ASCII.equalsLowercased(bytes, element.lowerBound, nameEnd &- element.lowerBound, "chunked") {
                sawChunked = true
                // chunked takes no parameters.
                if hasParameters { transferEncodingError = transferEncodingError ?? .invalidTransferEncoding }
            } else {
                sawOtherCoding = true
            }
        }
    }

    /// Applies the checks in a fixed order and builds the head.
    func head(
        method: HTTPMethod, target: String, version: HTTPVersion, headers: HTTPHeaders, limits: HTTPLimits
    ) throws(HTTPParseError) -> HTTPRequestHead {
        if version == .http1_1 {
            guard hostCount > 0 else { throw .missingHost }
        }
        guard hostCount <= 1 else { throw .multipleHosts }
        guard hostIsValid else { throw .invalidHost }

        let framing: BodyFraming
        if hasTransferEncoding {
            if version == .http1_0 { throw .transferEncodingInHTTP10 }
            if contentLength != nil || contentLengthError != nil { throw .contentLengthWithTransferEncoding }
            if let transferEncodingError { throw transferEncodingError }
            guard transferCodingCount > 0 else { throw .invalidTransferEncoding }
            // gzip alone, or gzip before chunked: codings we cannot undo.
            guard sawChunked, !sawOtherCoding else { throw .unsupportedTransferCoding }
            framing = .chunked
        } else if let contentLengthError {
            throw contentLengthError
        } else if let contentLength {
            guard contentLength <= limits.maxBodyBytes else { throw .bodyTooLarge }
            framing = contentLength == 0 ? .none : .length(contentLength)
        } else {
            framing = .none
        }

        let keepAlive = switch version {
        case .http1_1: !connectionClose
        case .http1_0: connectionKeepAlive && !connectionClose
        }
        return HTTPRequestHead(
            method: method, target: target, version: version, headers: headers, framing: framing,
            expectsContinue: expectContinue && version == .http1_1 && framing != .none,
            keepAlive: keepAlive)
    }
}
