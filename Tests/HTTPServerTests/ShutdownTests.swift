import HTTP1
import HTTPServer
import Testing

struct ShutdownTests {
    @Test func gracefulStopFinishesTheRequestInFlightThenStops() throws {
        let fixture = try TestServer()
        let idle = try fixture.client()
        try idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try idle.readResponse().status == 200)
        let busy = try fixture.client()
        try busy.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(fixture.slowGate.waitForArrival())

        fixture.server.stop()
        #expect(try idle.waitForClose())  // idle connections go at once
        #expect(fixture.refusesNewConnections())
        #expect(!fixture.server.waitUntilStopped(timeout: .milliseconds(50)))  // still serving /slow

        fixture.slowGate.release()
        let response = try busy.readResponse()
        #expect(response.text == "slow")
        #expect(response.header("Connection") == "close")
        #expect(fixture.server.waitUntilStopped(timeout: .seconds(5)))
    }

    @Test func stopClosesWhatIsLeftAfterTheGracePeriod() throws {
        let fixture = try TestServer(limits: HTTPLimits(shutdownGracePeriod: .milliseconds(200)))
        let stuck = try fixture.client()
        try stuck.send("GET /hello HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nX-Partial: ")  // never finished
        #expect(fixture.waitForConnectionCount(1))
        fixture.server.stop()
        #expect(fixture.server.waitUntilStopped(timeout: .seconds(5)))
        #expect(try stuck.waitForClose())
    }

    @Test func stopCallsItsCompletion() throws {
        let fixture = try TestServer()
        let done = Gate()
        fixture.server.stop { done.arrive() }
        #expect(done.waitForArrival())
    }
}
