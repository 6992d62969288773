/// A request's head, as soon as it is complete and before any of its body is read,
/// with everything the connection needs to decide: how the body is framed, whether
/// to send `100 Continue`, and whether the connection stays open afterwards.
package struct HTTPRequestHead: Sendable {
    package var method: HTTPMethod
    /// The target in origin form (path and optional query). An absolute-form target
    /// (`http://host/path?q`) is reduced to its path and query (RFC 9112 §3.2.2);
    /// `*` (OPTIONS) and authority form (CONNECT) are kept as sent.
    package var target: String
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    package var framing: BodyFraming
    /// `Expect: 100-continue` on an HTTP/1.1 request that has a body (RFC 9110 §10.1.1).
    package var expectsContinue: Bool
    /// Whether the client asked for a persistent connection (RFC 9112 §9.3); agrees with
    /// `HTTPRequest.wantsKeepAlive`.
    package var keepAlive: Bool

    /// The target's path, without the query.
    package var path: Substring { RequestTarget.path(of: target) }

    package init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = [:],
        framing: BodyFraming = .none, expectsContinue: Bool = false, keepAlive: Bool = true
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.framing = framing
        self.expectsContinue = expectsContinue
        self.keepAlive = keepAlive
    }
}

extension HTTPRequest {
    init(head: HTTPRequestHead, body: [UInt8]) {
        self.init(method: head.method, target: head.target, version: head.version, headers: head.headers, body: body)
    }
}
