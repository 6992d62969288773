/// How a request's body is delimited (RFC 9112 §6.3).
package enum BodyFraming: Sendable, Hashable {
    /// No Content-Length and no Transfer-Encoding: a request has no body (§6.3 item 7).
    case none
    /// Content-Length: exactly this many bytes (at least one) follow the head.
    /// `Content-Length: 0` is reported as `.none`.
    case length(Int)
    /// Transfer-Encoding ending in chunked (the only coding we decode).
    case chunked
}
