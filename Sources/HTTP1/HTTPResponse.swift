/// A response as a handler returns it. Framing headers (`Content-Length`,
/// `Date`, `Connection`) are added by the serializer, not by handlers.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    /// What follows the head: one value, so a response has bytes or a stream, never both.
    package var content: HTTPBody
    /// A short note for the access log (e.g. the GraphQL operation name); never sent.
    package var accessLogDetail: String?
    /// The answer was kept from an earlier request (the access log says
    /// `cache=hit`), whether `cachedResponse` or `handle` found it; never sent.
    package var isFromCache = false

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.content = .bytes(body)
    }

    package init(status: HTTPStatus = .ok, contentType: String, body: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(body.utf8))
    }

    /// The bytes of the body; empty for a streamed one. Setting them replaces any stream.
    package var body: [UInt8] {
        get {
            if case .bytes(let bytes) = content { return bytes }
            return []
        }
        set { content = .bytes(newValue) }
    }

    /// The stream of a body produced over time; nil for bytes. Setting one
    /// replaces the bytes; setting nil drops a stream (and keeps bytes).
    package var stream: (any HTTPBodyStream)? {
        get {
            if case .stream(let stream) = content { return stream }
            return nil
        }
        set {
            if let newValue {
                content = .stream(newValue)
            } else if case .stream = content {
                content = .bytes([])
            }
        }
    }
}

/// A response's body: bytes known at once (sent with `Content-Length`), or a
/// stream produced over time (sent chunked, pulled as the client reads,
/// `HTTPBodyStream`).
package enum HTTPBody: Sendable {
    case bytes([UInt8])
    case stream(any HTTPBodyStream)
}
