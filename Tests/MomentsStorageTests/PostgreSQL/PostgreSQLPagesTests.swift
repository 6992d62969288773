import Dispatch
import Moments
import PostgreSQL
import Testing
@testable import MomentsStorage
import TestSupport

/// Pages and like counts on PostgreSQL: a page reads at most a page per
/// author from `moments_by_author` (never an author's whole history), and
/// the count kept by the generated triggers is the number of likes after
/// concurrent likes and unlikes.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PostgreSQLPagesTests {
    /// User 17 and their 4 friends have 200 moments each.
    static func deepHistory() throws -> PostgreSQLTestStore {
        let directory = try TemporaryDirectory()
        let path = directory.file("deep.sqlite")
        try SyntheticData.write(to: path, users: 30, friends: 4, moments: 200, likes: 3, seed: 2, now: TestStore.now)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        let test = try PostgreSQLTestStore(uri: uri, seedDemoData: false, cache: .disabled)
        try test.inspect { try $0.executeScript("VACUUM ANALYZE") }
        return test
    }

    @Test func aPageReadsAtMostAPagePerAuthorFromTheIndex() throws {
        let test = try Self.deepHistory()
        defer { test.store.close() }
        let second = try test.timelines.timeline(userID: "17", first: 20)
        let cursor = try #require(second.endCursor)
        for (sql, parameters) in [
            (PostgreSQLMomentRepository.timelineFirstPage, [PGValue.text("17"), .integer(21)]),
            (PostgreSQLMomentRepository.timelineAfterCursor, [.text("17"), .integer(21), .integer(cursor.createdDate), .text(cursor.momentID)]),
        ] {
            let plan = try test.inspect { connection in
                let rows = try connection.query("EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) " + sql, parameters)
                return (0..<rows.count).map { rows.text($0, 0) }
            }
            let scans = plan.filter { $0.contains("using moments_by_author on moments n") }
            #expect(scans.count == 1, "plan: \(plan.joined(separator: "\n"))")
            #expect(!plan.contains { $0.contains("Seq Scan on moments") || $0.contains("Bitmap Heap Scan on moments") })
            // "(actual rows=21 loops=5)": rows are per loop, one loop per author.
            for scan in scans {
                let rows = scan.firstMatch(of: /rows=(\d+) loops=(\d+)/).flatMap { Int($0.1) }
                #expect(rows.map { $0 <= 21 } == true, "\(scan)")
            }
        }
    }

    @Test func theCountIsTheLikesAfterConcurrentLikesAndUnlikes() throws {
        let users = 12
        let directory = try TemporaryDirectory()
        let path = directory.file("likes.sqlite")
        try SyntheticData.write(to: path, users: users, friends: users, moments: 1, likes: 0, seed: 3, now: TestStore.now)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        let test = try PostgreSQLTestStore(uri: uri, seedDemoData: false)
        defer { test.store.close() }
        let (failures, expected) = ConcurrentLikes.run(test.likeService, users: users, rounds: 25)
        #expect(failures == [])
        let read = try test.timelines.likes(momentIDs: ["0"], viewerID: "0")["0"]
        #expect(read?.count == expected && read?.likers.count == expected)
        let onDisk = try test.inspect { connection in
            let rows = try connection.query("""
                SELECT (SELECT likes FROM moment_like_counts WHERE moment_id = '0'), (SELECT count(*) FROM moment_likes WHERE moment_id = '0')
                """)
            return [try rows.int64(0, 0), try rows.int64(0, 1)]
        }
        #expect(onDisk == [Int64(expected), Int64(expected)])
    }
}
