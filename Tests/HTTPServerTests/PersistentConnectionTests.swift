import HTTP1
import HTTPServer
import Testing

/// Keep-alive, pipelining, HEAD and routing, over a real socket.
struct PersistentConnectionTests {
    @Test func http11KeepsTheConnectionOpenAcrossRequests() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        for _ in 0..<3 {
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hello")
            #expect(response.header("Connection") == nil)
            #expect(response.header("Date") != nil)
            #expect(response.header("Content-Length") == "5")
        }
    }

    struct CloseCase: Sendable, CustomTestStringConvertible {
        let name: String
        let request: String
        let closes: Bool
        let connectionHeader: String?
        var testDescription: String { name }
    }

    @Test(arguments: [
        CloseCase(name: "HTTP/1.1 Connection: close", request: "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n",
                  closes: true, connectionHeader: "close"),
        CloseCase(name: "HTTP/1.0 default", request: "GET /hello HTTP/1.0\r\n\r\n", closes: true, connectionHeader: "close"),
        CloseCase(name: "HTTP/1.0 keep-alive", request: "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n",
                  closes: false, connectionHeader: "keep-alive"),
        CloseCase(name: "handler says close", request: "GET /close HTTP/1.1\r\nHost: t\r\n\r\n", closes: true, connectionHeader: "close"),
    ])
    func connectionHeaderIsHonouredBothWays(_ example: CloseCase) throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send(example.request)
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.header("Connection") == example.connectionHeader)
        // A kept connection stays open past a short wait; a closed one closes well within it.
        #expect(try client.waitForClose(within: example.closes ? .seconds(5) : .milliseconds(300)) == example.closes)
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        let requests = (1...5).map { "GET /target?n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
            + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nlast"
        try client.send(requests)
        for index in 1...5 {
            #expect(try client.readResponse().text == "/target?n=\(index)")
        }
        #expect(try client.readResponse().text == "last")
    }

    @Test func headGetsTheHeadersOfGetWithoutTheBody() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let head = try client.readResponse(bodyless: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "5")
        // Had the HEAD response carried a body, this would read "hello" as a status line.
        #expect(try client.readResponse().text == "hello")
    }

    struct RouteCase: Sendable, CustomTestStringConvertible {
        let name: String
        let request: String
        let status: Int
        let allow: String?
        var testDescription: String { name }
    }

    @Test(arguments: [
        RouteCase(name: "unknown path", request: "GET /nope HTTP/1.1\r\nHost: t\r\n\r\n", status: 404, allow: nil),
        RouteCase(name: "wrong method", request: "DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\n", status: 405, allow: "GET, HEAD, OPTIONS"),
        RouteCase(name: "GET on a POST route", request: "GET /echo HTTP/1.1\r\nHost: t\r\n\r\n", status: 405, allow: "POST, OPTIONS"),
        RouteCase(name: "OPTIONS", request: "OPTIONS /echo HTTP/1.1\r\nHost: t\r\n\r\n", status: 204, allow: "POST, OPTIONS"),
    ])
    func routerAnswersUnknownPathsAndMethods(_ example: RouteCase) throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send(example.request)
        let response = try client.readResponse()
        #expect(response.status == example.status)
        #expect(response.header("Allow") == example.allow)
        // Routing answers are ordinary responses: the connection stays usable.
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    @Test func accessLogSeesEveryResponse() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /nope?x=1 HTTP/1.1\r\nHost: t\r\n\r\n")
        _ = try client.readResponse()
        _ = try client.readResponse()
        let entries = fixture.accessLog.entries.withLock { $0 }
        #expect(entries.map(\.path) == ["/hello", "/nope"])
        #expect(entries.map(\.status) == [200, 404])
        #expect(entries.first?.bytes == 5)
    }
}

extension PersistentConnectionTests {
    @Test func pipelinedRequestsPastTheOutputBoundAreAllAnsweredInOrder() throws {
        // A tiny output bound makes the server stop decoding, flush, and resume
        // from its carried-over input many times.
        let fixture = try TestServer(limits: HTTPLimits(maxPendingOutputBytes: 512))
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        let count = 200
        try client.send((1...count).map { "GET /target?n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
        for index in 1...count {
            #expect(try client.readResponse().text == "/target?n=\(index)")
        }
    }

    @Test func pipelinedBigResponsesDrainThroughBackPressure() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        // 12 MiB through a debug build on a shared machine: a generous deadline.
        let client = try fixture.client(timeout: .seconds(30))
        try client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: 3) + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        for _ in 0..<3 {
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.body.count == TestServer.bigBody.count)
        }
        #expect(try client.readResponse().text == "hello")
    }
}
