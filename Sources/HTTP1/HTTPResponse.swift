/// A response as a handler returns it. Framing headers (`Content-Length`,
/// `Date`, `Connection`) are added by the serializer, not by handlers.
package struct HTTPResponse: Sendable {
    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// A short note for the access log (e.g. the GraphQL operation name); never sent.
    package var accessLogDetail: String?
    /// The answer was kept from an earlier request (the access log says
    /// `cache=hit`), whether `cachedResponse` or `handle` found it; never sent.
    package var isFromCache = false
    /// A body produced over time instead of `body` (which must be empty):
    /// sent chunked, pulled as the client reads (`HTTPBodyStream`).
    package var stream: (any HTTPBodyStream)?

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    package init(status: HTTPStatus = .ok, contentType: String, body: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(body.utf8))
    }
}
