import Foundation
import MomentsAPI
import Testing
import TestSupport

/// The real binary on PostgreSQL (`--database postgresql://...`): the app's
/// two requests, readiness, and two instances sharing one database.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PostgreSQLServerTests {
    /// docs/storage.md: how soon instance B serves a like acknowledged by A.
    static let stalenessWindow: Duration = .seconds(1)

    @Test func theAppsTwoRequestsOnPostgreSQL() async throws {
        let uri = try PostgreSQLServer.shared().makeDatabase()
        let server = try ServerProcess(databasePath: uri)
        let client = GraphQLClient(baseURL: server.baseURL)
        #expect(try await client.get("/readyz").status == 200)

        let timeline = try await client.graphQL(
            query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true], operationName: "getMomentsDetailsByUserID")
        #expect(timeline.status == 200)
        let moments = try Self.moments(timeline.json, field: "getMomentsDetailsByUserID")
        #expect(moments.map { $0["id"] as? String } == ["0", "1", "2", "3", "4"])
        #expect(moments.map { $0["isLiked"] as? Bool } == [false, false, true, true, false])
        #expect(moments.map { ($0["likes"] as? [[String: String]])?.map { $0["id"] ?? "" } } == [
            ["100", "101", "102"], ["103", "104", "105"], ["0", "104"], ["0", "105"], [],
        ])

        let liked = try await client.graphQL(query: AppDocuments.updateLike, variables: ["momentID": "4", "userID": "0", "isLiked": true])
        #expect(liked.status == 200)
        let after = try Self.moments(liked.json, field: "updateMomentLike")
        #expect(after.last?["isLiked"] as? Bool == true)
        #expect((after.last?["likes"] as? [[String: String]])?.map { $0["id"] ?? "" } == ["0"])

        let hidden = try await client.graphQL(query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "100", "isLiked": true])
        let errors = try #require(try hidden.json["errors"] as? [[String: Any]])
        #expect((errors.first?["extensions"] as? [String: Any])?["code"] as? String == "NOT_FOUND")
        #expect(server.stop() == 0)
    }

    /// Synchronous (`BlockingRequest`): it times the window, which an `async`
    /// test's wait for a shared thread would eat into.
    @Test func aLikeThroughOneInstanceIsServedByAnotherWithinTheWindow() throws {
        let uri = try PostgreSQLServer.shared().makeDatabase()
        let a = try ServerProcess(databasePath: uri)
        let b = try ServerProcess(databasePath: uri)
        let timeline: [String: Any] = ["userID": "0", "withLikes": true]
        for isLiked in [true, false, true] {
            // B answers (and caches) the timeline with likes.
            _ = try BlockingRequest.graphQL(port: b.port, query: AppDocuments.timeline, variables: timeline)
            let reply = try BlockingRequest.graphQL(
                port: a.port, query: AppDocuments.updateLike, variables: ["momentID": "4", "userID": "0", "isLiked": isLiked])
            #expect(reply.status == 200)
            let acknowledged = ContinuousClock.now
            var seen = false
            while ContinuousClock.now - acknowledged < Self.stalenessWindow {
                let read = try BlockingRequest.graphQL(port: b.port, query: AppDocuments.timeline, variables: timeline)
                if try Self.moments(read.json, field: "getMomentsDetailsByUserID").last?["isLiked"] as? Bool == isLiked {
                    seen = true
                    break
                }
                usleep(5_000)  // a bounded pause between reads, not a wait for anything
            }
            #expect(seen, "B still served isLiked != \(isLiked) \(Self.stalenessWindow) after A acknowledged it")
        }
    }

    @Test func copyCommandMovesADatabaseBothWays() throws {
        let directory = try TemporaryDirectory()
        let uri = try PostgreSQLServer.shared().makeDatabase()
        let seeded = try ServerProcess.runMergingStandardError(["seed", "--database", directory.file("demo.sqlite")])
        #expect(seeded.status == 0)
        let there = try ServerProcess.runMergingStandardError(["copy", "--from", directory.file("demo.sqlite"), "--to", uri])
        #expect(there.status == 0)
        #expect(there.output.contains("copied 11 users, 20 friendships, 5 moments, 4 moment_photos, 10 moment_likes"))
        let back = try ServerProcess.runMergingStandardError(["copy", "--from", uri, "--to", directory.file("back.sqlite")])
        #expect(back.output == there.output.replacingOccurrences(of: "from \(directory.file("demo.sqlite")) to \(uri)", with: "from \(uri) to \(directory.file("back.sqlite"))"))
        let refused = try ServerProcess.runMergingStandardError(["copy", "--from", directory.file("demo.sqlite"), "--to", uri])
        #expect(refused.status != 0)
        // seed writes to a PostgreSQL URI too (and refuses a database with rows).
        let empty = try PostgreSQLServer.shared().makeDatabase()
        let synthetic = try ServerProcess.runMergingStandardError(["seed", "--database", empty, "--synthetic", "--users", "30", "--friends", "4", "--moments", "2", "--likes", "3"])
        #expect(synthetic.status == 0, "\(synthetic.output)")
        #expect(try ServerProcess.runMergingStandardError(["seed", "--database", empty]).status != 0)
    }

    static func moments(_ json: [String: Any], field: String) throws -> [[String: Any]] {
        let data = try #require(json["data"] as? [String: Any])
        return try #require((data[field] as? [String: Any])?["moments"] as? [[String: Any]])
    }
}
