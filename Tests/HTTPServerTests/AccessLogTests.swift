import Dispatch
import HTTP1
@testable import HTTPServer
import Testing

/// The server's access-log hook is the one access log: every response the
/// transport queues gives exactly one entry, whoever made the response.
struct AccessLogTests {
    static let limits = HTTPLimits(
        maxRequestLineLength: 256, maxHeaderBlockBytes: 1024, maxHeaderCount: 10, maxBodyBytes: 64
    )

    /// The entries recorded so far.
    func entries(_ fixture: TestServer) -> [AccessLogEntry] {
        fixture.accessLog.entries.withLock { $0 }
    }

    @Test func handledRequestCarriesTheHandlersDetail() throws {
        let fixture = try TestServer { router in
            router.add(.post, "/op") { _ in
                var response = HTTPResponse(status: .ok, contentType: "application/json", body: "{}")
                response.accessLogDetail = "getMomentsDetailsByUserID"
                return response
            }
        }
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("POST /op?x=1 HTTP/1.1\r\nHost: t\r\nContent-Length: 2\r\n\r\n{}GET /nope HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(try client.readResponse().status == 404)
        let logged = entries(fixture)
        try #require(logged.count == 2)
        #expect(logged[0].method == .post)
        #expect(logged[0].path == "/op")
        #expect(logged[0].status == 200)
        #expect(logged[0].bytes == 2)
        #expect(logged[0].detail == "getMomentsDetailsByUserID")
        // The router's own answer is logged the same way, with no detail.
        #expect(logged[1].method == .get)
        #expect(logged[1].path == "/nope")
        #expect(logged[1].detail == nil)
    }

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        let name: String
        let request: String
        let status: Int
        /// Method and path, when the head was decoded before the refusal.
        let head: (method: HTTPMethod, path: String)?
        let detail: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        RefusalCase(name: "request line too long", request: "GET /\(String(repeating: "a", count: 300)) HTTP/1.1\r\nHost: t\r\n\r\n",
                    status: 414, head: nil, detail: "requestLineTooLong"),
        RefusalCase(name: "header block too large",
                    request: "GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 2000))\r\n\r\n",
                    status: 431, head: nil, detail: "headerBlockTooLarge"),
        RefusalCase(name: "declared body too large", request: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 65\r\n\r\n",
                    status: 413, head: nil, detail: "bodyTooLarge"),
        RefusalCase(name: "chunked body too large, after its head",
                    request: "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n41\r\n\(String(repeating: "c", count: 65))\r\n0\r\n\r\n",
                    status: 413, head: (.post, "/echo"), detail: "bodyTooLarge"),
        RefusalCase(name: "obs-fold", request: "GET /hello HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n folded\r\n\r\n",
                    status: 400, head: nil, detail: "obsoleteLineFolding"),
        RefusalCase(name: "bad chunk size, after its head",
                    request: "POST /echo?q=1 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                    status: 400, head: (.post, "/echo"), detail: "invalidChunkSize"),
        RefusalCase(name: "HTTP/2.0", request: "GET /hello HTTP/2.0\r\nHost: t\r\n\r\n",
                    status: 505, head: nil, detail: "unsupportedVersion"),
    ])
    func eachRefusalIsLoggedOnceWithWhatRefusedIt(_ example: RefusalCase) throws {
        let fixture = try TestServer(limits: Self.limits)
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send(example.request)
        #expect(try client.readResponse().status == example.status)
        let logged = entries(fixture)
        try #require(logged.count == 1)
        #expect(logged[0].status == example.status)
        #expect(logged[0].method == example.head?.method)
        #expect(logged[0].path == example.head?.path)
        #expect(logged[0].refusedBy == example.detail)
        #expect(logged[0].bytes > 0)
        #expect(logged[0].duration == .zero)
    }

    @Test func headerTimeoutIsLoggedWithoutARequest() throws {
        let fixture = try TestServer(limits: HTTPLimits(headerTimeout: .milliseconds(200)))
        defer { _ = fixture.stop() }
        let client = try fixture.client(timeout: .seconds(3))
        try client.send("GET /hello HTTP/1.1\r\nHo")
        #expect(try client.readResponse().status == 408)
        let logged = entries(fixture)
        try #require(logged.count == 1)
        #expect(logged[0].method == nil)
        #expect(logged[0].path == nil)
        #expect(logged[0].refusedBy == "headerTimeout")
    }

    @Test func slowBodyIsLoggedWithItsRequest() throws {
        let fixture = try TestServer(limits: HTTPLimits(
            bodyTimeout: .seconds(10), minRequestBodyDataRate: 1000, dataRateGracePeriod: .milliseconds(200)
        ))
        defer { _ = fixture.stop() }
        let client = try fixture.client(timeout: .seconds(3))
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1000\r\n\r\nsome")
        #expect(try client.readResponse().status == 408)
        let logged = entries(fixture)
        try #require(logged.count == 1)
        #expect(logged[0].method == .post)
        #expect(logged[0].path == "/echo")
        #expect(logged[0].refusedBy == "minRequestBodyDataRate")
    }

    @Test func connectionLimitRefusalIsLogged() throws {
        let fixture = try TestServer(limits: HTTPLimits(maxConnections: 1))
        defer { _ = fixture.stop() }
        let open = try fixture.client()
        try open.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try open.readResponse().status == 200)
        let extra = try fixture.client()
        #expect(try extra.readResponse().status == 503)
        let logged = entries(fixture)
        try #require(logged.count == 2)
        #expect(logged[1].status == 503)
        #expect(logged[1].method == nil)
        #expect(logged[1].path == nil)
        #expect(logged[1].refusedBy == "maxConnections")
    }

    @Test func poolRefusalIsLoggedWithItsRequestAndQueueingCountsInTheDuration() throws {
        let fixture = try TestServer(threads: ServerThreads(maxConcurrentHandlers: 1, maxQueuedHandlers: 1))
        defer { _ = fixture.stop() }
        let running = try fixture.client()
        try running.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(fixture.slowGate.waitForArrival())
        let queued = try fixture.client()
        try queued.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let isQueued = fixture.waitUntil { fixture.server.handlerLoad?.queued == 1 }
        try #require(isQueued)
        let queuedAt = ContinuousClock.now

        let refused = try fixture.client()
        try refused.send("GET /hello?again HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try refused.readResponse().status == 503)
        // Hold the pool a measured while: the queued request's duration must include it.
        _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(100))
        let held = ContinuousClock.now - queuedAt
        fixture.slowGate.release()
        #expect(try running.readResponse().text == "slow")
        #expect(try queued.readResponse().text == "hello")

        let logged = entries(fixture)
        try #require(logged.count == 3)
        #expect(logged[0].status == 503)
        #expect(logged[0].method == .get)
        #expect(logged[0].path == "/hello")
        #expect(logged[0].refusedBy == "maxQueuedHandlers")
        #expect(logged[1].path == "/slow")
        #expect(logged[2].path == "/hello")
        #expect(logged[2].duration >= held, "measured from the request's arrival, queueing included")
    }
}
