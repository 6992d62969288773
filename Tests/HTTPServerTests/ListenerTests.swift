#if canImport(Glibc)
import Glibc
#endif
import HTTP1
import HTTPServer
import Testing
import TestSupport

struct ListenerTests {
    struct AddressCase: Sendable, CustomTestStringConvertible {
        let name: String
        let host: String
        let urlHost: String
        let isIPv6: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        AddressCase(name: "IPv4 loopback", host: "127.0.0.1", urlHost: "127.0.0.1", isIPv6: false),
        AddressCase(name: "IPv6 loopback", host: "::1", urlHost: "[::1]", isIPv6: true),
    ])
    func bindsPortZeroAndReportsTheRealPort(_ example: AddressCase) throws {
        var router = Router()
        router.add(.get, "/hello") { _ in HTTPResponse(status: .ok, contentType: "text/plain", body: "hello") }
        let server = Server(host: example.host, port: 0, handler: router)
        let address = try server.start()
        defer {
            server.stop()
            _ = server.waitUntilStopped(timeout: .seconds(5))
        }
        #expect(address.port > 0)
        if case .ipv6 = address { #expect(example.isIPv6) } else { #expect(!example.isIPv6) }
        let client = try RawClient(port: address.port, host: example.host)
        try client.send("GET /hello HTTP/1.1\r\nHost: \(example.urlHost)\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
    }

    @Test func bindingAPortInUseNamesTheSyscall() throws {
        let first = Server(host: "127.0.0.1", port: 0, handler: Router())
        let address = try first.start()
        defer {
            first.stop()
            _ = first.waitUntilStopped(timeout: .seconds(5))
        }
        let second = Server(host: "127.0.0.1", port: address.port, handler: Router())
        #expect(throws: SocketError.failed(call: "bind", errno: EADDRINUSE)) { try second.start() }
    }

    @Test func rejectsANonNumericHost() {
        let server = Server(host: "example.com", port: 0, handler: Router())
        #expect(throws: SocketError.invalidAddress("example.com")) { try server.start() }
    }
}

/// The router's rules, called directly.
struct RouterTests {
    static let router: Router = {
        var router = Router()
        router.add(.get, "/a") { _ in HTTPResponse(status: .ok, body: Array("get".utf8)) }
        router.add(.post, "/a") { _ in HTTPResponse(status: .ok, body: Array("post".utf8)) }
        router.add(.options, "/b") { _ in HTTPResponse(status: .ok, body: Array("custom options".utf8)) }
        return router
    }()

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let method: HTTPMethod
        let target: String
        let status: Int
        let allow: String?
        let body: String?
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "GET route", method: .get, target: "/a?q=1", status: 200, allow: nil, body: "get"),
        Case(name: "HEAD served by GET", method: .head, target: "/a", status: 200, allow: nil, body: "get"),
        Case(name: "OPTIONS answered", method: .options, target: "/a", status: 204, allow: "GET, POST, HEAD, OPTIONS", body: ""),
        Case(name: "OPTIONS routed", method: .options, target: "/b", status: 200, allow: nil, body: "custom options"),
        Case(name: "405 lists methods", method: .delete, target: "/a", status: 405, allow: "GET, POST, HEAD, OPTIONS", body: nil),
        Case(name: "405 without GET has no HEAD", method: .get, target: "/b", status: 405, allow: "OPTIONS", body: nil),
        Case(name: "404", method: .get, target: "/c", status: 404, allow: nil, body: nil),
    ])
    func routesByMethodAndExactPath(_ example: Case) {
        let response = Self.router.handle(HTTPRequest(method: example.method, target: example.target))
        #expect(response.status.code == example.status)
        #expect(response.headers["Allow"] == example.allow)
        if let body = example.body { #expect(String(decoding: response.body, as: UTF8.self) == body) }
    }
}
