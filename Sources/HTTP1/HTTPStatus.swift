/// A response status code with its reason phrase (RFC 9110 §15).
package struct HTTPStatus: Sendable, Hashable, CustomStringConvertible {
    package var code: Int
    package var reasonPhrase: String
    package init(_ code: Int, _ reasonPhrase: String) {
        self.code = code
        self.reasonPhrase = reasonPhrase
    }
    package var description: String { "\(code) \(reasonPhrase)" }

    package static let `continue` = HTTPStatus(100, "Continue")
    package static let ok = HTTPStatus(200, "OK")
    package static let noContent = HTTPStatus(204, "No Content")
    package static let badRequest = HTTPStatus(400, "Bad Request")
    package static let notFound = HTTPStatus(404, "Not Found")
    package static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    package static let notAcceptable = HTTPStatus(406, "Not Acceptable")
    package static let requestTimeout = HTTPStatus(408, "Request Timeout")
    package static let lengthRequired = HTTPStatus(411, "Length Required")
    package static let contentTooLarge = HTTPStatus(413, "Content Too Large")
    package static let uriTooLong = HTTPStatus(414, "URI Too Long")
    package static let unsupportedMediaType = HTTPStatus(415, "Unsupported Media Type")
    package static let expectationFailed = HTTPStatus(417, "Expectation Failed")
    package static let unprocessableContent = HTTPStatus(422, "Unprocessable Content")
    package static let tooManyRequests = HTTPStatus(429, "Too Many Requests")
    package static let requestHeaderFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    package static let internalServerError = HTTPStatus(500, "Internal Server Error")
    package static let notImplemented = HTTPStatus(501, "Not Implemented")
    package static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    package static let httpVersionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

extension HTTPStatus {
    package static let created = HTTPStatus(201, "Created")
    package static let movedPermanently = HTTPStatus(301, "Moved Permanently")
    package static let found = HTTPStatus(302, "Found")
    package static let notModified = HTTPStatus(304, "Not Modified")
    package static let unauthorized = HTTPStatus(401, "Unauthorized")
    package static let forbidden = HTTPStatus(403, "Forbidden")
    /// RFC 9110 §15.5.20: the request was sent to a server not configured to answer for its `Host`.
    package static let misdirectedRequest = HTTPStatus(421, "Misdirected Request")
}
