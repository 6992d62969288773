/// Precomputed status lines for the codes this server sends, used when the status carries
/// its standard reason phrase.
enum StatusLine {
    static func precomputed(_ status: HTTPStatus) -> StaticString? {
        let line: StaticString
        switch status.code {
        case 200: line = "HTTP/1.1 200 OK\r\n"
        case 201: line = "HTTP/1.1 201 Created\r\n"
        case 204: line = "HTTP/1.1 204 No Content\r\n"
        case 301: line = "HTTP/1.1 301 Moved Permanently\r\n"
        case 302: line = "HTTP/1.1 302 Found\r\n"
        case 304: line = "HTTP/1.1 304 Not Modified\r\n"
        case 400: line = "HTTP/1.1 400 Bad Request\r\n"
        case 404: line = "HTTP/1.1 404 Not Found\r\n"
        case 405: line = "HTTP/1.1 405 Method Not Allowed\r\n"
        case 406: line = "HTTP/1.1 406 Not Acceptable\r\n"
        case 408: line = "HTTP/1.1 408 Request Timeout\r\n"
        case 411: line = "HTTP/1.1 411 Length Required\r\n"
        case 413: line = "HTTP/1.1 413 Content Too Large\r\n"
        case 414: line = "HTTP/1.1 414 URI Too Long\r\n"
        case 415: line = "HTTP/1.1 415 Unsupported Media Type\r\n"
        case 417: line = "HTTP/1.1 417 Expectation Failed\r\n"
        case 422: line = "HTTP/1.1 422 Unprocessable Content\r\n"
        case 431: line = "HTTP/1.1 431 Request Header Fields Too Large\r\n"
        case 500: line = "HTTP/1.1 500 Internal Server Error\r\n"
        case 501: line = "HTTP/1.1 501 Not Implemented\r\n"
        case 503: line = "HTTP/1.1 503 Service Unavailable\r\n"
        case 505: line = "HTTP/1.1 505 HTTP Version Not Supported\r\n"
        default: return nil
        }
        // "HTTP/1.1 NNN " is 13 bytes, then the phrase, then CRLF.
        let phrase = UnsafeBufferPointer(start: line.utf8Start + 13, count: line.utf8CodeUnitCount - 15)
        return status.reasonPhrase.utf8.elementsEqual(phrase) ? line : nil
    }
}
