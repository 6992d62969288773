import Testing
@testable import HTTP1

struct KeepAliveCase: Sendable, CustomTestStringConvertible {
    var version: String
    var connection: String?
    var keepAlive: Bool
    var testDescription: String { "\(version) Connection: \(connection ?? "(none)")" }
}

/// RFC 9112 §9.3: HTTP/1.1 persists unless "close"; HTTP/1.0 only with "keep-alive".
let keepAliveCases: [KeepAliveCase] = [
    KeepAliveCase(version: "HTTP/1.1", connection: nil, keepAlive: true),
    KeepAliveCase(version: "HTTP/1.1", connection: "close", keepAlive: false),
    KeepAliveCase(version: "HTTP/1.1", connection: "Close", keepAlive: false),
    KeepAliveCase(version: "HTTP/1.1", connection: "keep-alive", keepAlive: true),
    KeepAliveCase(version: "HTTP/1.1", connection: "upgrade, close", keepAlive: false),
    KeepAliveCase(version: "HTTP/1.1", connection: "closed", keepAlive: true),
    KeepAliveCase(version: "HTTP/1.1", connection: "keep-alive, close", keepAlive: false),
    KeepAliveCase(version: "HTTP/1.0", connection: nil, keepAlive: false),
    KeepAliveCase(version: "HTTP/1.0", connection: "keep-alive", keepAlive: true),
    KeepAliveCase(version: "HTTP/1.0", connection: "Keep-Alive", keepAlive: true),
    KeepAliveCase(version: "HTTP/1.0", connection: "foo,\tkeep-alive ,", keepAlive: true),
    KeepAliveCase(version: "HTTP/1.0", connection: "keep-alive, close", keepAlive: false),
    KeepAliveCase(version: "HTTP/1.0", connection: "keepalive", keepAlive: false),
]

struct KeepAliveTests {
    @Test(arguments: keepAliveCases)
    func derivesKeepAliveLikeWantsKeepAlive(_ testCase: KeepAliveCase) throws {
        let connection = testCase.connection.map { "Connection: \($0)\r\n" } ?? ""
        let wire = [UInt8](wire: "GET / \(testCase.version)\r\nHost: a\r\n\(connection)\r\n")
        // WireFeeder also checks head.keepAlive == request.wantsKeepAlive.
        let decoded = try WireFeeder.decode(wire)
        #expect(decoded.map(\.keepAlive) == [testCase.keepAlive])
    }
}
