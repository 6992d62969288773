import Foundation
import Testing
import TestSupport

/// After a gap in `LISTEN` (a partition, a failover), the notifications sent
/// meanwhile are gone: once the monitor is back, every open stream is sent
/// the moments of its page whose state changed meanwhile, each once, and
/// nothing else (docs/api.md, "Live likes").
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct StreamResyncTests {
    @Test func aLikeMadeWhileTheInstanceWasCutOffReachesItsStreamsOnceItIsBack() throws {
        let postgres = try PostgreSQLServer.shared()
        let direct = try postgres.makeDatabase()
        let name = try #require(direct.split(separator: "/").last.map(String.init))
        let relay = try TCPRelay(targetPort: postgres.port)
        defer { relay.stop() }
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--database", "postgresql://postgres@127.0.0.1:\(relay.port)/\(name)"])
        defer { _ = server.stop() }
        let sse = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: LiveLikesTests.subscription(userID: "0"))
        try #require(sse.waitFor(within: .seconds(10)) { $0.head != nil }, "\(sse.errorText)")
        // A like through the server: its event says the group's first job (its page and baseline) is done.
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        let first = "event: next\ndata: \(LiveLikesTests.moment4(isLiked: true))"
        try #require(sse.waitFor(within: .seconds(5)) { LiveLikesTests.sseBlocks($0.body) == [first] }, "\(sse.body)")

        relay.partition()
        try #require(eventually(within: .seconds(10)) { (try? BlockingRequest.send(port: server.port, "GET /readyz"))?.status == 503 })
        // Another program likes moment 4 while the instance hears nothing: its NOTIFY is lost to it.
        try postgres.psql(
            "INSERT INTO moment_likes (moment_id, user_id, liked_at) VALUES ('4', '1', (extract(epoch FROM now()) * 1000)::bigint)",
            database: name)
        relay.heal()
        try #require(eventually(within: .seconds(10)) { (try? BlockingRequest.send(port: server.port, "GET /readyz"))?.status == 200 })

        let resynced = #"event: next\#ndata: {"data":{"momentLikesChanged":{"id":"4","isLiked":true,"likes":[{"id":"0"},{"id":"1"}],"likesCount":2}}}"#
        #expect(sse.waitFor(within: .seconds(5)) { (LiveLikesTests.sseBlocks($0.body)?.count ?? 0) >= 2 }, "\(sse.body)")
        // Moments whose state did not change (2 and 3, liked by user 0 all along) are not sent.
        #expect(LiveLikesTests.sseBlocks(sse.body) == [first, resynced], "\(sse.body)")
        let samples = try LiveLikesTests.metrics(of: server)
        #expect((samples["moments_stream_resyncs_total"] ?? 0) >= 1, "\(samples.filter { $0.key.hasPrefix("moments_stream") })")
    }
}
