import GraphQL
import HTTP1

/// A request refused before GraphQL sees it (not JSON, wrong media type,
/// mutation over GET...): its status, extra headers and the message for `errors`.
struct RequestRefusal: Error {
    var status: HTTPStatus
    var message: String
    var headers: HTTPHeaders
    /// The error's `extensions.code`.
    var code: GraphQLErrorCode

    init(_ status: HTTPStatus, _ message: String, code: GraphQLErrorCode = .badUserInput, headers: HTTPHeaders = [:]) {
        self.status = status
        self.message = message
        self.code = code
        self.headers = headers
    }
}
