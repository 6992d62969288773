import Foundation
import MomentsAPI
import Testing
import TestSupport

/// `--read-database`: reads go to a standby once it has replayed every
/// change the instance heard of, and to the primary otherwise, so a client
/// always sees its own like and another instance's within the staleness
/// window (docs/operations.md, "Reads from standbys").
@Suite(.serialized, .enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
final class StandbyReadTests {
    let primary: PostgreSQLServer
    let standby: PostgreSQLServer
    let directory: TemporaryDirectory
    let database: String

    init() throws {
        primary = try PostgreSQLServer.makePrivate()
        let uri = try primary.makeDatabase()
        database = try #require(uri.split(separator: "/").last.map(String.init))
        directory = try TemporaryDirectory()
        // The layout and demo data first, then the standby copies them.
        let seeded = try ServerProcess.run(["seed", "--database", uri])
        try #require(seeded.status == 0, "\(seeded.output)")
        standby = try PostgreSQLServer.makeStandby(of: primary)
    }

    /// An instance reading from the standby, with every cache off so each read reaches a database.
    func instance(_ extra: [String] = []) throws -> ServerProcess {
        try ServerProcess(
            databasePath: directory.databasePath,
            arguments: [
                "--database", primary.uri(database: database), "--read-database", standby.uri(database: database),
                "--cache-timelines", "0", "--response-cache-bytes", "0", "--fragment-cache-bytes", "0",
            ] + extra)
    }

    static func timeline(port: Int, user: String = "0") throws -> [[String: Any]] {
        let reply = try BlockingRequest.graphQL(
            port: port, query: AppDocuments.timeline, variables: ["userID": user, "withLikes": true],
            operationName: "getMomentsDetailsByUserID")
        let details = (try reply.json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any]
        return try #require(details?["moments"] as? [[String: Any]], "\(reply.text)")
    }

    static func isLiked(port: Int, moment: String, user: String = "0") throws -> Bool? {
        try timeline(port: port, user: user).first { $0["id"] as? String == moment }?["isLiked"] as? Bool
    }

    /// How many likers the app's timeline shows on `moment` (the demo's moments have fewer than a page).
    static func likeCount(port: Int, moment: String) throws -> Int? {
        (try timeline(port: port).first { $0["id"] as? String == moment }?["likes"] as? [Any])?.count
    }

    /// A sample of `/metrics` with its labels (`name{label="value"}`).
    static func sample(_ server: ServerProcess, _ series: String) throws -> Double {
        let text = try BlockingRequest.send(port: server.port, "GET /metrics").text
        let line = text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
    }

    /// Index and sequential scans the standby has counted on our tables.
    func standbyScans() throws -> Int {
        let text = try standby.psql("SELECT coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) FROM pg_stat_user_tables", database: database)
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test func readsRunOnTheStandbyWhenItHasReplayedEverything() throws {
        let server = try instance()
        defer { _ = server.stop() }
        let before = try standbyScans()
        // The first heartbeat tells the instance the primary's position (every 250 ms).
        #expect(try eventually(within: .seconds(5)) {
            _ = try Self.timeline(port: server.port)
            return try Self.sample(server, #"moments_db_reads_total{target="standby"}"#) > 0
        })
        for _ in 0..<20 { _ = try Self.timeline(port: server.port) }
        #expect(try Self.sample(server, #"moments_db_reads_total{target="standby"}"#) >= 20)
        // The standby's own statistics show the work (flushed within about 10 s of it).
        let counted = try eventually(within: .seconds(20)) { try self.standbyScans() >= before + 20 }
        #expect(counted, "standby scans: \((try? standbyScans()) ?? -1) from \(before)")
    }

    @Test func aClientSeesItsOwnLikeWhileTheStandbyReplaysNothing() throws {
        let server = try instance()
        defer { _ = server.stop() }
        #expect(try eventually(within: .seconds(5)) {
            _ = try Self.timeline(port: server.port)
            return try Self.sample(server, #"moments_db_reads_total{target="standby"}"#) > 0
        })
        try standby.psql("SELECT pg_wal_replay_pause()")
        defer { _ = try? standby.psql("SELECT pg_wal_replay_resume()") }
        var liked = false
        for round in 0..<6 {
            liked.toggle()
            try LiveLikesTests.like(port: server.port, moment: "4", isLiked: liked)
            // The very next read, and again once heartbeats have moved past the like.
            #expect(try Self.isLiked(port: server.port, moment: "4") == liked, "round \(round), at once")
            if round.isMultiple(of: 2) {
                let covered = try Self.sample(server, #"moments_db_standby_fallbacks_total{reason="behind"}"#)
                // Once a heartbeat covers the like, reads go to the standby only if it replayed it: it did not.
                #expect(try eventually(within: .seconds(3)) {
                    _ = try Self.timeline(port: server.port)
                    return try Self.sample(server, #"moments_db_standby_fallbacks_total{reason="behind"}"#) > covered
                })
                #expect(try Self.isLiked(port: server.port, moment: "4") == liked, "round \(round), after the heartbeats")
            }
        }
        #expect(try Self.sample(server, "moments_db_standby_lag_bytes") > 0)
    }

    @Test func anotherInstancesLikeIsSeenWithinTheWindowWhileTheStandbyReplaysNothing() throws {
        let writer = try instance()
        defer { _ = writer.stop() }
        let reader = try instance()
        defer { _ = reader.stop() }
        #expect(try eventually(within: .seconds(5)) {
            _ = try Self.timeline(port: reader.port)
            return try Self.sample(reader, #"moments_db_reads_total{target="standby"}"#) > 0
        })
        let count = try #require(try Self.likeCount(port: reader.port, moment: "4"))
        try standby.psql("SELECT pg_wal_replay_pause()")
        defer { _ = try? standby.psql("SELECT pg_wal_replay_resume()") }
        try LiveLikesTests.like(port: writer.port, moment: "4", by: "1", isLiked: true)
        let acknowledged = ContinuousClock.now
        // docs/storage.md's staleness window: 1 s.
        #expect(try eventually(within: .seconds(1)) { try Self.likeCount(port: reader.port, moment: "4") == count + 1 })
        let seen = acknowledged.duration(to: .now)
        #expect(seen < .seconds(1), "seen after \(seen)")
        // And it stays seen: no read falls back to the paused standby's older state.
        for _ in 0..<10 { #expect(try Self.likeCount(port: reader.port, moment: "4") == count + 1) }
    }
}
