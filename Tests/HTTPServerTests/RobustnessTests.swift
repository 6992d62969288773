import HTTP1
import HTTPServer
import Testing

/// Clients that vanish leave the server healthy.
struct RobustnessTests {
    @Test func clientVanishingMidRequestLeavesTheServerHealthy() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        for _ in 0..<5 {
            let client = try fixture.client()
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100\r\n\r\npartial")
            client.reset()
        }
        #expect(fixture.waitForConnectionCount(0))
        let client = try fixture.client()
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
    }

    @Test func clientVanishingMidResponseLeavesTheServerHealthy() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        for _ in 0..<3 {
            let client = try fixture.client()
            try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
            client.reset()
        }
        #expect(fixture.waitForConnectionCount(0))
        let client = try fixture.client()
        try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().body.count == TestServer.bigBody.count)
    }

    @Test func slowHandlerDoesNotStallOtherConnections() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let slow = try fixture.client()
        try slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(fixture.slowGate.waitForArrival())
        let fast = try fixture.client(timeout: .seconds(2))
        try fast.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try fast.readResponse().text == "hello")
        fixture.slowGate.release()
        #expect(try slow.readResponse().text == "slow")
    }
}
