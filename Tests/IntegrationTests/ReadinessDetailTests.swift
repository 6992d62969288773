import Foundation
import Testing
import TestSupport

/// `/readyz` is anonymous (probes, balancers): while PostgreSQL is
/// unreachable it says so and for how long, never libpq's message, which names
/// the host, its address, the user and the database. The message stays in the
/// log and on `/internal/facts` (loopback or the token).
@Suite struct ReadinessDetailTests {
    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
    func anUnreachableDatabaseIsReportedWithoutTheDriversMessage() throws {
        let database = try RelayedDatabase()
        let relay = database.relay, name = database.name
        defer { relay.stop() }
        let directory = try TemporaryDirectory()
        // The second --database wins over ServerProcess's own.
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--database", database.uri])
        defer { _ = server.stop() }
        #expect(try BlockingRequest.send(port: server.port, "GET /readyz").status == 200)

        // Every connection closed and new ones refused: the monitor's next heartbeat fails.
        relay.stop()
        var notReady: RawClient.Response?
        #expect(try eventually(within: .seconds(20)) {
            let reply = try BlockingRequest.send(port: server.port, "GET /readyz")
            if reply.status == 503 { notReady = reply }
            return notReady != nil
        })
        let reply = try #require(notReady)
        #expect(reply.text.wholeMatch(of: /not ready: database unreachable for \d+ s\n/) != nil, "\(reply.text)")
        for detail in ["127.0.0.1", String(relay.port), name, "postgres"] {
            #expect(!reply.text.contains(detail), "/readyz told \(detail): \(reply.text)")
        }
        #expect(reply.header("Retry-After") == "1")

        // The whole reason is in the log and on the facts page.
        #expect(server.waitForStderrLine { $0.contains("unreachable") } != nil, "\(server.stderrLines)")
        let facts = try BlockingRequest.send(port: server.port, "GET /internal/facts")
        let shown = try #require((try facts.json["database"] as? [String: Any])?["unavailable"] as? String, "\(facts.text)")
        #expect(shown.hasPrefix("database unreachable for ") && shown.contains(" s ("), "\(shown)")
    }
}
