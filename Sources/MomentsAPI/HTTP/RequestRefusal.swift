import HTTP1

/// A request refused before GraphQL sees it (not JSON, wrong media type,
/// mutation over GET...): its status, extra headers and the message for `errors`.
struct RequestRefusal: Error {
    var status: HTTPStatus
    var message: String
    var headers: HTTPHeaders

    init(_ status: HTTPStatus, _ message: String, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }
}
