import HTTP1
import HTTPServer
import Testing

/// Every bound answers with its status, once, with `Connection: close`, then closes.
struct BoundsTests {
    static let limits = HTTPLimits(
        maxRequestLineLength: 256, maxHeaderBlockBytes: 1024, maxHeaderCount: 10, maxBodyBytes: 64
    )

    struct RefusalCase: Sendable, CustomTestStringConvertible {
        let name: String
        let request: String
        let status: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        RefusalCase(name: "target too long", request: "GET /\(String(repeating: "a", count: 300)) HTTP/1.1\r\nHost: t\r\n\r\n", status: 414),
        RefusalCase(name: "header block too large",
                    request: "GET / HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "b", count: 2000))\r\n\r\n", status: 431),
        RefusalCase(name: "too many headers",
                    request: "GET / HTTP/1.1\r\nHost: t\r\n" + (1...12).map { "X-\($0): v\r\n" }.joined() + "\r\n", status: 431),
        RefusalCase(name: "body too large", request: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 65\r\n\r\n", status: 413),
        RefusalCase(name: "chunked body too large",
                    request: "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n41\r\n\(String(repeating: "c", count: 65))\r\n0\r\n\r\n",
                    status: 413),
        RefusalCase(name: "Content-Length with Transfer-Encoding",
                    request: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", status: 400),
        RefusalCase(name: "bad chunk size", request: "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", status: 400),
        RefusalCase(name: "obs-fold", request: "GET /hello HTTP/1.1\r\nHost: t\r\nX-A: 1\r\n folded\r\n\r\n", status: 400),
        RefusalCase(name: "HTTP/2.0 version", request: "GET /hello HTTP/2.0\r\nHost: t\r\n\r\n", status: 505),
    ])
    func boundOrFramingErrorAnswersOnceThenCloses(_ example: RefusalCase) throws {
        let fixture = try TestServer(limits: Self.limits)
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        // A valid request pipelined behind the bad one must not be answered: never guess.
        try client.send(example.request + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == example.status)
        #expect(response.header("Connection") == "close")
        #expect(response.header("Date") != nil)
        #expect(try client.waitForClose())
    }

    @Test func slowlorisIsCutOffWith408() throws {
        let fixture = try TestServer(limits: HTTPLimits(headerTimeout: .milliseconds(300)))
        defer { _ = fixture.stop() }
        let client = try fixture.client(timeout: .seconds(3))
        try client.send("GET /hello HTTP/1.1\r\nHo")
        // Bytes keep coming, but the header deadline runs from the first one.
        try client.send("st: t\r\n")
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(response.header("Connection") == "close")
        #expect(try client.waitForClose())
    }

    @Test func silentConnectionIsClosedQuietlyAfterTheHeaderTimeout() throws {
        let fixture = try TestServer(limits: HTTPLimits(headerTimeout: .milliseconds(200)))
        defer { _ = fixture.stop() }
        let client = try fixture.client(timeout: .seconds(3))
        #expect(try client.waitForClose())
    }

    @Test func idleKeepAliveConnectionIsClosedQuietly() throws {
        let fixture = try TestServer(limits: HTTPLimits(idleTimeout: .milliseconds(200)))
        defer { _ = fixture.stop() }
        let client = try fixture.client(timeout: .seconds(3))
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().status == 200)
        #expect(try client.waitForClose())
    }

    @Test func connectionsPastTheLimitGet503WithoutHarmingOpenOnes() throws {
        let fixture = try TestServer(limits: HTTPLimits(maxConnections: 2))
        defer { _ = fixture.stop() }
        let open = try [fixture.client(), fixture.client()]
        for client in open {
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        let extra = try fixture.client()
        let refused = try extra.readResponse()
        #expect(refused.status == 503)
        #expect(refused.header("Connection") == "close")
        #expect(try extra.waitForClose())
        for client in open {
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().text == "hello")
        }
    }

    @Test func clientThatStopsReadingIsCutOffAfterTheWriteTimeout() throws {
        let fixture = try TestServer(limits: HTTPLimits(writeTimeout: .milliseconds(300)))
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(fixture.waitForConnectionCount(1))
        // Never read: the 4 MiB response cannot drain, so the server gives up.
        #expect(fixture.waitForConnectionCount(0, within: .seconds(5)))
    }
}
