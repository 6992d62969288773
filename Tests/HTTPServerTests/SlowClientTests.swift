import HTTP1
import HTTPServer
import Testing
import TestSupport

/// Minimum data rates over real sockets: a client that sends its body or reads
/// its answer a little at a time keeps its connection only while it keeps up
/// the rate. The clients' pauses are their pace (what is under test), each cut
/// short by the event the test waits for: the server's answer, or its hang-up.
struct SlowClientTests {
    /// 1,000 B/s after 300 ms; the gap timeout alone (10 s) would never cut a trickle.
    static let bodyLimits = HTTPLimits(
        bodyTimeout: .seconds(10), minRequestBodyDataRate: 1000, dataRateGracePeriod: .milliseconds(300)
    )

    @Test func trickledBodyIsCutOffWith408() throws {
        let fixture = try TestServer(limits: Self.bodyLimits)
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 100000\r\n\r\n")
        // One byte every 50 ms (20 B/s), each restarting the body gap timer, for at most 5 s.
        var answered = false
        for _ in 0..<100 {
            if client.waitForReadable(within: .milliseconds(50)) {
                answered = true
                break
            }
            try client.send("x")
        }
        try #require(answered, "a body trickled at 20 B/s was never cut off")
        let response = try client.readResponse()
        #expect(response.status == 408)
        #expect(response.header("Connection") == "close")
        #expect(try client.waitForClose())
    }

    @Test func bodyAboveTheRateIsReceivedWhole() throws {
        let fixture = try TestServer(limits: Self.bodyLimits)
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        let piece = String(repeating: "b", count: 150)
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(piece.utf8.count * 20)\r\n\r\n")
        // 150 bytes every 20 ms (7.5 kB/s) for 400 ms: past the grace period, above the rate.
        for _ in 0..<20 {
            #expect(!client.waitForReadable(within: .milliseconds(20)), "answered before the body was complete")
            try client.send(piece)
        }
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == String(repeating: piece, count: 20))
    }

    @Test func slowReaderOfALargeAnswerIsCutOff() throws {
        // The 4 MiB answer may take 1 s at 4 MiB/s; the stall timeout (10 s) alone never fires.
        let fixture = try TestServer(limits: HTTPLimits(
            writeTimeout: .seconds(10), minResponseDataRate: 4 * 1024 * 1024, dataRateGracePeriod: .milliseconds(200)
        ))
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        client.setReceiveBuffer(bytes: 16 * 1024)
        try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        // 4 KiB every 20 ms (about 200 KiB/s), always progressing, for at most 8 s.
        let (received, cutOff) = try readPaced(client, chunk: 4 * 1024, pace: .milliseconds(20), rounds: 400)
        #expect(cutOff, "a client reading at 200 KiB/s was not cut off (read \(received) bytes)")
        #expect(received < TestServer.bigBody.count)
        #expect(fixture.waitForConnectionCount(0))
    }

    @Test func readerAboveTheRateGetsTheWholeAnswer() throws {
        // 1 MiB/s lets the 4 MiB answer take 4 s; this client reads 32 KiB every 10 ms.
        let fixture = try TestServer(limits: HTTPLimits(
            writeTimeout: .seconds(10), minResponseDataRate: 1024 * 1024, dataRateGracePeriod: .milliseconds(200)
        ))
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        client.setReceiveBuffer(bytes: 64 * 1024)
        try client.send("GET /big HTTP/1.1\r\nHost: t\r\n\r\n")
        client.readChunk = 32 * 1024
        client.pace = .milliseconds(10)
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.body == TestServer.bigBody)
        // Still open and usable.
        client.pace = nil
        try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try client.readResponse().text == "hello")
    }

    /// Reads at most `chunk` bytes per round, pausing `pace` between rounds (cut short if
    /// the server hangs up), until the server closes or resets, or `rounds` are done.
    private func readPaced(_ client: RawClient, chunk: Int, pace: Duration, rounds: Int) throws -> (received: Int, cutOff: Bool) {
        var received = 0
        for _ in 0..<rounds {
            do {
                received += try client.readSome(chunk)
            } catch RawClient.Failure.closed {
                return (received, true)
            }
            _ = client.waitForHangUp(within: pace)
        }
        return (received, false)
    }
}
