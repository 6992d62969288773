/// The request id: what ties one request's response, access-log line and
/// error lines together (`X-Request-ID`, as nginx's `$request_id`, Heroku and
/// most proxies name it).
///
/// An id the client (or a proxy in front) sends is kept when it is safe to
/// echo and to log unescaped: 1 to `maxLength` bytes of visible ASCII
/// (`!` to `~`; no space, so it stays one field of a text log line). Anything
/// else (empty, too long, spaces, controls, non-ASCII, two such fields) is
/// replaced by one the server makes.
package enum RequestID {
    /// The header field read from requests and written on every response.
    package static let headerName = "X-Request-ID"
    /// Longest id kept from a request, in bytes: room for a UUID (36), a W3C
    /// traceparent (55) or a proxy's own scheme, and a bound on what every
    /// log line and response repeats.
    package static let maxLength = 128

    /// Whether `value` may be kept as the id (see the type's comment).
    package static func isValid(_ value: String) -> Bool {
        var value = value
        // Over the contiguous bytes: iterating a String's UTF8View costs several times more.
        return value.withUTF8 { bytes in
            !bytes.isEmpty && bytes.count <= maxLength && bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F }
        }
    }

    /// The client's id when it sent exactly one valid one, else nil.
    package static func kept(from headers: HTTPHeaders) -> String? {
        var found: String?
        for field in headers where HTTPHeaders.equalNames(field.name, headerName) {
            guard found == nil, isValid(field.value) else { return nil }
            found = field.value
        }
        return found
    }
}
