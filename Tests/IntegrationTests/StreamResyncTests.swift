import Foundation
import Testing
import TestSupport

/// After a gap in `LISTEN` (a partition, a failover), the notifications sent
/// meanwhile are gone: once the monitor is back, every open stream is sent
/// the current state of each moment of its page that it was not sent
/// before or whose state changed meanwhile, each once (docs/api.md, "Live likes").
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct StreamResyncTests {
    @Test func aLikeMadeWhileTheInstanceWasCutOffReachesItsStreamsOnceItIsBack() throws {
        let database = try RelayedDatabase()
        let relay = database.relay
        defer { relay.stop() }
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--database", database.uri])
        defer { _ = server.stop() }
        let sse = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: LiveLikesTests.subscription(userID: "0"))
        try #require(sse.waitFor(within: .seconds(10)) { $0.head != nil }, "\(sse.errorText)")
        // A like through the server: its event says the group's page is known.
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        let first = "event: next\ndata: \(LiveLikesTests.moment4(isLiked: true))"
        try #require(sse.waitFor(within: .seconds(5)) { LiveLikesTests.sseBlocks($0.body) == [first] }, "\(sse.body)")

        relay.partition()
        try #require(eventually(within: .seconds(10)) { (try? BlockingRequest.send(port: server.port, "GET /readyz"))?.status == 503 })
        // Another program likes moment 4 while the instance hears nothing: its NOTIFY is lost to it.
        try database.postgres.psql(
            "INSERT INTO moment_likes (moment_id, user_id, liked_at) VALUES ('4', '1', (extract(epoch FROM now()) * 1000)::bigint)",
            database: database.name)
        relay.heal()
        try #require(eventually(within: .seconds(10)) { (try? BlockingRequest.send(port: server.port, "GET /readyz"))?.status == 200 })

        let resynced = #"event: next\#ndata: {"data":{"momentLikesChanged":{"id":"4","isLiked":true,"likes":[{"id":"0"},{"id":"1"}],"likesCount":2}}}"#
        // User 0's page: moments 0 to 4. Moment 4 changed; the others were never sent, so they come too, each once.
        #expect(sse.waitFor(within: .seconds(5)) { (LiveLikesTests.sseBlocks($0.body)?.count ?? 0) >= 6 }, "\(sse.body)")
        let blocks = LiveLikesTests.sseBlocks(sse.body) ?? []
        #expect(blocks.first == first && blocks.filter { $0 == resynced }.count == 1, "\(sse.body)")
        let ids = blocks.dropFirst().compactMap { $0.firstMatch(of: /"momentLikesChanged":\{"id":"(\d+)"/).map { String($0.1) } }
        #expect(ids.sorted() == ["0", "1", "2", "3", "4"], "each moment of the page once: \(ids)")
        // Heard again with nothing changed: nothing more is sent.
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        #expect(!sse.waitFor(within: .milliseconds(500)) { (LiveLikesTests.sseBlocks($0.body)?.count ?? 0) > 6 }, "\(sse.body)")
        let samples = try LiveLikesTests.metrics(of: server)
        #expect((samples["moments_stream_resyncs_total"] ?? 0) >= 1, "\(samples.filter { $0.key.hasPrefix("moments_stream") })")
    }
}
