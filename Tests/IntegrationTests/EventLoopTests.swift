import Foundation
import Testing
import TestSupport

/// Several event loops (`--io-threads`): connections are shared out among
/// them, every one is answered, pipelining keeps its order on each, and a
/// graceful stop reaches the connections of every loop.
@Suite struct EventLoopTests {
    @Test func everyLoopAnswersItsConnectionsAndStops() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--io-threads", "3"])
        // More connections than loops: each loop gets two.
        let clients = try (0..<6).map { _ in try RawClient(port: server.port) }
        let body = #"{"query":"{ __typename }"}"#
        for (index, client) in clients.enumerated() {
            try client.send(
                "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
                + "POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                + "GET /nowhere-\(index) HTTP/1.1\r\nHost: localhost\r\n\r\n")
        }
        for client in clients {
            let responses = try client.readResponses(3)
            #expect(responses.map(\.status) == [200, 200, 404])
            #expect(responses[1].text == #"{"data":{"__typename":"Query"}}"#)
        }
        #expect(server.stop() == 0)
    }
}
