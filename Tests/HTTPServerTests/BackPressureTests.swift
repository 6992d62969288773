import HTTP1
import HTTPServer
import Testing

/// Pipelined requests held back by the output bound (`maxPendingOutputBytes`)
/// sit in the connection's carry-over, already read from the kernel: no new
/// readiness edge will announce them, so the server must answer them whenever
/// its output drains, on every path.
struct BackPressureTests {
    struct HeldBackCase: Sendable, CustomTestStringConvertible {
        let name: String
        let path: String
        let count: Int
        let maxPendingOutputBytes: Int
        var testDescription: String { name }
    }

    @Test(arguments: [
        // Inline answers: the output bound stops decoding in the read path, and the
        // write at the end of that event drains at once; nothing else will come.
        HeldBackCase(name: "non-blocking handler, tiny bound", path: "/inline", count: 200, maxPendingOutputBytes: 512),
        HeldBackCase(name: "non-blocking handler, bound of one response", path: "/inline", count: 50, maxPendingOutputBytes: 1),
        HeldBackCase(name: "offloaded handler, tiny bound", path: "/hello", count: 50, maxPendingOutputBytes: 512),
    ])
    func heldBackPipelinedRequestsAreAnsweredOnceOutputDrains(_ example: HeldBackCase) throws {
        let fixture = try TestServer(limits: HTTPLimits(maxPendingOutputBytes: example.maxPendingOutputBytes))
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send(String(repeating: "GET \(example.path) HTTP/1.1\r\nHost: t\r\n\r\n", count: example.count))
        for index in 0..<example.count {
            let response = try client.readResponse()
            #expect(response.status == 200, "response \(index)")
        }
        // Nothing beyond the answers: the connection stays open and quiet.
        #expect(try client.waitForClose(within: .milliseconds(100)) == false)
    }

    @Test func bigResponsesDrainToAClientThatReadsInSmallPieces() throws {
        // A small receive buffer and small reads make every big response block and
        // resume through many writability edges, with the next requests held back.
        let fixture = try TestServer(limits: HTTPLimits(maxPendingOutputBytes: 64 * 1024))
        defer { _ = fixture.stop() }
        let client = try fixture.client(timeout: .seconds(30))
        client.setReceiveBuffer(bytes: 16 * 1024)
        client.readChunk = 4 * 1024
        try client.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: 2)
            + "GET /inline HTTP/1.1\r\nHost: t\r\n\r\nGET /big HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
        for expected in ["big", "big", "inline", "big", "hello"] {
            let response = try client.readResponse()
            #expect(response.status == 200)
            if expected == "big" {
                #expect(response.body == TestServer.bigBody)
            } else {
                #expect(response.text == expected)
            }
        }
    }
}
