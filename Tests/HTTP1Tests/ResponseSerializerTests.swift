import Testing
@testable import HTTP1

struct SerializerCase: Sendable, CustomTestStringConvertible {
    var name: String
    var response: HTTPResponse
    var method: HTTPMethod = .get
    var version: HTTPVersion = .http1_1
    var keepAlive = true
    var expected: String
    var testDescription: String { name }
}

private let date = "Sun, 06 Nov 1994 08:49:37 GMT"

let serializerCases: [SerializerCase] = [
    SerializerCase(
        name: "200 with a body", response: HTTPResponse(contentType: "application/json", body: "{}"),
        expected: "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nDate: \(date)\r\nContent-Length: 2\r\n\r\n{}"),
    SerializerCase(
        name: "HEAD gets GET's headers and no body", response: HTTPResponse(contentType: "text/plain", body: "hello"),
        method: .head,
        expected: "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nDate: \(date)\r\nContent-Length: 5\r\n\r\n"),
    SerializerCase(
        name: "close when not keeping alive", response: HTTPResponse(status: .badRequest), keepAlive: false,
        expected: "HTTP/1.1 400 Bad Request\r\nDate: \(date)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    SerializerCase(
        name: "HTTP/1.0 keep-alive is confirmed", response: HTTPResponse(body: Array("ok".utf8)), version: .http1_0,
        expected: "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\nok"),
    SerializerCase(
        name: "HTTP/1.0 without keep-alive closes", response: HTTPResponse(), version: .http1_0, keepAlive: false,
        expected: "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
    SerializerCase(
        name: "204 has no Content-Length and no body", response: HTTPResponse(status: .noContent, body: Array("x".utf8)),
        expected: "HTTP/1.1 204 No Content\r\nDate: \(date)\r\n\r\n"),
    SerializerCase(
        name: "304 has no Content-Length", response: HTTPResponse(status: .notModified),
        expected: "HTTP/1.1 304 Not Modified\r\nDate: \(date)\r\n\r\n"),
    SerializerCase(
        name: "1xx has no Content-Length", response: HTTPResponse(status: HTTPStatus(103, "Early Hints")),
        expected: "HTTP/1.1 103 Early Hints\r\nDate: \(date)\r\n\r\n"),
    SerializerCase(
        name: "405 keeps Allow, in order, with duplicates",
        response: HTTPResponse(status: .methodNotAllowed, headers: [("Allow", "GET, POST"), ("X", "1"), ("X", "2")].headers),
        expected: "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET, POST\r\nX: 1\r\nX: 2\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n"),
    SerializerCase(
        name: "handler framing fields are replaced",
        response: HTTPResponse(headers: [("content-length", "99"), ("Transfer-Encoding", "chunked"), ("Connection", "close"),
                                         ("Date", "yesterday")].headers, body: Array("abc".utf8)),
        expected: "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 3\r\n\r\nabc"),
    SerializerCase(
        name: "fields that would break framing are dropped",
        response: HTTPResponse(headers: [("X-Bad", "a\r\nInjected: yes"), ("X-Good", "b")].headers),
        expected: "HTTP/1.1 200 OK\r\nX-Good: b\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n"),
    SerializerCase(
        name: "unknown status and custom reason", response: HTTPResponse(status: HTTPStatus(418, "I'm a teapot")),
        expected: "HTTP/1.1 418 I'm a teapot\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n"),
    SerializerCase(
        name: "common code with a custom reason", response: HTTPResponse(status: HTTPStatus(200, "Fine")),
        expected: "HTTP/1.1 200 Fine\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n"),
    SerializerCase(
        name: "large Content-Length", response: HTTPResponse(body: [UInt8](repeating: 0x61, count: 1_234_567)), method: .head,
        expected: "HTTP/1.1 200 OK\r\nDate: \(date)\r\nContent-Length: 1234567\r\n\r\n"),
]

struct ResponseSerializerTests {
    @Test(arguments: serializerCases)
    func serializesFramingHeaders(_ testCase: SerializerCase) {
        var buffer: [UInt8] = []
        ResponseSerializer.serialize(
            testCase.response, requestMethod: testCase.method, version: testCase.version, keepAlive: testCase.keepAlive,
            date: date, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == testCase.expected)
    }

    @Test func appendsToWhatTheBufferHolds() {
        var buffer = Array("previous".utf8)
        ResponseSerializer.serialize(
            HTTPResponse(status: .notFound), requestMethod: .get, version: .http1_1, keepAlive: true, date: date,
            into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self)
            == "previousHTTP/1.1 404 Not Found\r\nDate: \(date)\r\nContent-Length: 0\r\n\r\n")
    }

    @Test func continueResponseIsTheInterimStatusLine() {
        #expect(String(decoding: ResponseSerializer.continueResponse, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
    }

    @Test(arguments: [
        HTTPStatus.ok, .created, .noContent, .movedPermanently, .found, .notModified, .badRequest, .notFound,
        .methodNotAllowed, .notAcceptable, .requestTimeout, .lengthRequired, .contentTooLarge, .uriTooLong,
        .unsupportedMediaType, .expectationFailed, .unprocessableContent, .requestHeaderFieldsTooLarge,
        .internalServerError, .notImplemented, .serviceUnavailable, .httpVersionNotSupported,
    ])
    func precomputedStatusLinesMatchTheConstants(_ status: HTTPStatus) throws {
        let line = try #require(StatusLine.precomputed(status))
        let text = String(decoding: UnsafeBufferPointer(start: line.utf8Start, count: line.utf8CodeUnitCount), as: UTF8.self)
        #expect(text == "HTTP/1.1 \(status.code) \(status.reasonPhrase)\r\n")
    }

    /// `Content-Length` for bodies of every digit count, and the framing
    /// digits past any 10^k boundary.
    @Test(arguments: [0, 1, 9, 10, 99, 100, 1_024, 99_999, 1_000_000, Int.max, -5])
    func decimals(value: Int) {
        var buffer: [UInt8] = Array("x".utf8)
        ResponseSerializer.appendDecimal(value, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "x" + String(max(0, value)))
    }
}
