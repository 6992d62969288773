/// A response as a handler returns it. Framing headers (`Content-Length`,
/// `Date`, `Connection`) are added by the serializer, not by handlers.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A short note for the access log (e.g. the GraphQL operation name); never sent.
    public var accessLogDetail: String?

    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPStatus = .ok, contentType: String, body: String) {
        self.init(status: status, headers: ["Content-Type": contentType], body: Array(body.utf8))
    }
}
