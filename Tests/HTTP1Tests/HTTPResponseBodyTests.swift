import HTTP1
import Testing

/// A response's body is one value: bytes or a stream, never both.
@Suite struct HTTPResponseBodyTests {
    final class Silent: HTTPBodyStream {
        func attach(wake: @escaping @Sendable () -> Void) {}
        func next() -> HTTPStreamPiece { .none }
        func finish() {}
        func closed() {}
        var accessLogDetail: String? { nil }
    }

    @Test func aStreamReplacesTheBytesAndDroppingItLeavesNone() {
        var response = HTTPResponse(status: .ok, contentType: "text/plain", body: "hello")
        response.stream = nil
        #expect(response.body == Array("hello".utf8), "dropping a stream that is not there keeps the bytes")
        response.stream = Silent()
        #expect(response.body.isEmpty && response.stream != nil)
        response.stream = nil
        #expect(response.body.isEmpty && response.stream == nil)
        response.body = Array("again".utf8)
        guard case .bytes(let bytes) = response.content else {
            Issue.record("bytes expected")
            return
        }
        #expect(bytes == Array("again".utf8))
    }
}
