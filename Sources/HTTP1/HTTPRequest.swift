/// A complete request as the handler sees it: the head, and the whole body
/// (de-chunked, trailers dropped).
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The request-target as sent (origin form: path and optional query).
    package var target: String
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// The client's IP address (numeric, no port), set by the server; nil in
    /// tests and wherever no socket is involved. Remote toggles read it.
    package var remoteAddress: String? = nil
    /// This request's id (`RequestID`), set by the server before the handler
    /// runs and echoed on the response; empty in tests without a server.
    package var requestID = ""
    /// When the server read the request's last byte, in uptime nanoseconds
    /// (`DispatchTime`'s clock, which the connection reads for each event
    /// anyway): its deadlines count from here, so time spent queued for a
    /// handler is the request's own. Nil in tests without a server: the
    /// handler's start stands in.
    package var arrivedAt: UInt64?

    package init(method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
    }

    /// The target's path, without the query.
    package var path: Substring { RequestTarget.path(of: target) }

    /// The raw query (after `?`), if any.
    package var query: Substring? {
        target.utf8.firstIndex(of: UInt8(ascii: "?")).map { target[target.utf8.index(after: $0)...] }
    }

    /// Whether the client asked for the connection to stay open after this
    /// request (RFC 9112 §9.3): HTTP/1.1 unless `Connection: close`; HTTP/1.0
    /// only with `Connection: keep-alive`.
    package var wantsKeepAlive: Bool {
        let tokens = headers.lowercasedListElements("Connection")
        switch version {
        case .http1_1: return !tokens.contains("close")
        case .http1_0: return tokens.contains("keep-alive") && !tokens.contains("close")
        }
    }
}
