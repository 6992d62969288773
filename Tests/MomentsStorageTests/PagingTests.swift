import Moments
import PostgreSQL
import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

/// Paging through a timeline: every moment exactly once, in timeline order,
/// also while new moments are posted between pages; on SQLite and on
/// PostgreSQL, with and without the read cache.
struct PagingTests {
    /// User 0's timeline is 250 moments: their own 48 and their 4 friends'
    /// (1, 2, 48, 49), plus 10 posted in one second, which only their ids
    /// order. User 0 is also listed as their own friend (another program
    /// may write that), which must not repeat their moments.
    static func write(to path: String) throws {
        try SyntheticData.write(to: path, users: 50, friends: 4, moments: 48, likes: 0, seed: 11, now: TestStore.now)
        let connection = try Connection(path: path, mode: .readWrite)
        defer { connection.close() }
        try connection.execute("INSERT INTO friendships VALUES ('0', '0')")
        for index in 0..<10 {
            let author = ["0", "1", "2", "48", "49"][index % 5]
            try connection.execute(
                "INSERT INTO moments VALUES (?1, ?2, 'URL', NULL, 'u', ?3)", [.text("tie-\(index)"), .text(author), .integer(TestStore.now - 1_000)])
        }
    }

    /// The expected order, by a plain query over the whole timeline.
    static let everyMoment = """
        SELECT m.id FROM moments AS m
        WHERE m.user_id = '0' OR m.user_id IN (SELECT friend_id FROM friendships WHERE user_id = '0')
        ORDER BY m.created_date DESC, m.id DESC
        """

    /// Pages of 20 from the start; before each page after the first, a new
    /// moment is posted (the newest). Returns the ids seen, page by page.
    static func pageThrough(
        _ timelines: TimelineService, post: (_ id: String, _ createdDate: Int64) throws -> Void
    ) throws -> (ids: [String], pages: Int) {
        var ids: [String] = []
        var after: TimelineCursor?
        var pages = 0
        while pages < 50 {
            if pages > 0 { try post("new-\(pages)", TestStore.now + Int64(pages)) }
            let page = try timelines.timeline(userID: "0", first: 20, after: after)
            #expect(page.moments.count == 20 || !page.hasNextPage)
            ids += page.moments.map(\.id)
            pages += 1
            guard page.hasNextPage else { break }
            after = page.endCursor
        }
        return (ids, pages)
    }

    @Test(arguments: ReadCacheTests.modes)
    func everyMomentOnceInOrderWhileNewOnesArePostedOnSQLite(_ mode: ReadCacheTests.ModeCase) throws {
        let test = try TestStore(seedDemoData: false, cache: mode.cache) { try Self.write(to: $0) }
        let expected = try test.inspect { connection in
            try connection.withStatement(Self.everyMoment) { statement in
                var ids: [String] = []
                try statement.forEachRow { ids.append($0.text(at: 0)) }
                return ids
            }
        }
        #expect(expected.count == 250)
        let (ids, pages) = try Self.pageThrough(test.timelines) { id, createdDate in
            try test.inspect { try $0.execute("INSERT INTO moments VALUES (?1, '1', 'URL', NULL, 'u', ?2)", [.text(id), .integer(createdDate)]) }
        }
        #expect(ids == expected)
        #expect(pages == 13)
    }

    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)), arguments: ReadCacheTests.modes)
    func everyMomentOnceInOrderWhileNewOnesArePostedOnPostgreSQL(_ mode: ReadCacheTests.ModeCase) throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("paging.sqlite")
        try Self.write(to: path)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        let test = try PostgreSQLTestStore(uri: uri, seedDemoData: false, cache: mode.cache)
        defer { test.store.close() }
        let expected = try test.inspect { connection in
            let rows = try connection.query(Self.everyMoment)
            return (0..<rows.count).map { rows.text($0, 0) }
        }
        #expect(expected.count == 250)
        let (ids, pages) = try Self.pageThrough(test.timelines) { id, createdDate in
            try test.inspect { connection in
                _ = try connection.query(
                    "INSERT INTO moments VALUES ($1, '1', 'URL', NULL, 'u', $2)", [.text(id), .integer(createdDate)])
            }
        }
        #expect(ids == expected)
        #expect(pages == 13)
    }

    /// Another program deletes, re-dates and moves moments (the newest of
    /// their authors among them): `latest_moments` follows, and paging still
    /// gives the timeline, on both engines.
    static let changes = [
        "DELETE FROM moments WHERE id = (SELECT moment_id FROM latest_moments WHERE user_id = '1')",
        "UPDATE moments SET created_date = created_date - 100000 WHERE id = (SELECT moment_id FROM latest_moments WHERE user_id = '2')",
        "UPDATE moments SET created_date = created_date + 100000 WHERE id = 'tie-3'",
        "UPDATE moments SET user_id = '3' WHERE id = (SELECT moment_id FROM latest_moments WHERE user_id = '48')",
        "UPDATE moments SET user_id = '49' WHERE id = 'tie-0'",
    ]

    /// `latest_moments` as it should be, and as it is.
    static let latestMoments = [
        """
        SELECT user_id, id FROM (SELECT user_id, id, row_number() OVER (PARTITION BY user_id ORDER BY created_date DESC, id DESC) AS n
        FROM moments) AS ranked WHERE n = 1 ORDER BY user_id
        """,
        "SELECT user_id, moment_id FROM latest_moments ORDER BY user_id",
    ]

    @Test func pagesFollowOtherProgramsChangesToMomentsOnSQLite() throws {
        let test = try TestStore(seedDemoData: false, cache: .disabled) { try Self.write(to: $0) }
        try test.inspect { connection in
            for change in Self.changes { try connection.execute(change) }
        }
        let expected = try test.inspect { connection in
            try connection.withStatement(Self.everyMoment) { statement in
                var ids: [String] = []
                try statement.forEachRow { ids.append($0.text(at: 0)) }
                return ids
            }
        }
        #expect(expected.count == 248)
        #expect(try Self.pageThrough(test.timelines) { _, _ in }.ids == expected)
        let latest = try Self.latestMoments.map { sql in
            try test.inspect { connection in
                try connection.withStatement(sql) { statement in
                    var rows: [String] = []
                    try statement.forEachRow { rows.append($0.text(at: 0) + "=" + $0.text(at: 1)) }
                    return rows
                }
            }
        }
        #expect(latest[0] == latest[1] && latest[0].count == 50)
    }

    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
    func pagesFollowOtherProgramsChangesToMomentsOnPostgreSQL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("paging.sqlite")
        try Self.write(to: path)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        let test = try PostgreSQLTestStore(uri: uri, seedDemoData: false, cache: .disabled)
        defer { test.store.close() }
        let expected = try test.inspect { connection in
            for change in Self.changes { _ = try connection.query(change) }
            let rows = try connection.query(Self.everyMoment)
            return (0..<rows.count).map { rows.text($0, 0) }
        }
        #expect(expected.count == 248)
        #expect(try Self.pageThrough(test.timelines) { _, _ in }.ids == expected)
        let latest = try Self.latestMoments.map { sql in
            try test.inspect { connection in
                let rows = try connection.query(sql)
                return (0..<rows.count).map { rows.text($0, 0) + "=" + rows.text($0, 1) }
            }
        }
        #expect(latest[0] == latest[1] && latest[0].count == 50)
    }

    /// A page read from the cached head and one read from the store agree,
    /// wherever the cursor falls (inside the head, at its end, past it).
    @Test func pagesFromTheCachedHeadMatchTheStore() throws {
        let cached = try TestStore(seedDemoData: false, cache: ReadCacheConfiguration(timelineLength: 30)) { try Self.write(to: $0) }
        let uncached = try TestStore(seedDemoData: false, cache: .disabled) { try Self.write(to: $0) }
        let all = try uncached.timelines.timeline(userID: "0", first: 100).moments
        for (first, start) in [(0, 0), (10, 0), (30, 0), (31, 0), (100, 0), (5, 10), (20, 10), (21, 10), (5, 29), (5, 30), (5, 90)] {
            let after = start == 0 ? nil : TimelineCursor(after: all[start - 1])
            let fromHead = try cached.timelines.timeline(userID: "0", first: first, after: after)
            let fromStore = try uncached.timelines.timeline(userID: "0", first: first, after: after)
            #expect(fromHead == fromStore, "first \(first) after moment \(start)")
        }
    }
}
