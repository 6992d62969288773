import Moments
import PostgreSQL
import Testing
@testable import MomentsStorage
import TestSupport

/// Two instances (two stores, each with its read cache) on one database: a
/// like acknowledged by A is served by B within the staleness window, and
/// a lost notification connection turns B's cache off, never stale.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PostgreSQLSharedCacheTests {
    /// The window docs/storage.md promises while the notification connection is up.
    static let windowMilliseconds = 1000

    @Test func aLikeThroughAIsServedByBWithinTheWindow() throws {
        let a = try PostgreSQLTestStore()
        defer { a.store.close() }
        let b = try PostgreSQLTestStore(uri: a.uri, seedDemoData: false)
        defer { b.store.close() }
        #expect(b.store.isReadCacheTracking)
        let clock = ContinuousClock()
        var worst = Duration.zero
        for (index, isLiked) in [true, false, true, false].enumerated() {
            // B has the likes cached.
            _ = try b.timelines.likes(momentIDs: ["4"], viewerID: "0")
            _ = try a.likeService.updateLike(momentID: "4", userID: "0", isLiked: isLiked)
            let acknowledged = clock.now
            let seen = try eventually(within: .milliseconds(Self.windowMilliseconds)) {
                try b.timelines.likes(momentIDs: ["4"], viewerID: "0")["4"]?.isLikedByViewer == isLiked
            }
            #expect(seen, "change \(index) not served by B within \(Self.windowMilliseconds) ms")
            worst = max(worst, clock.now - acknowledged)
        }
        print("PostgreSQL staleness window: worst \(worst) over 4 likes")
    }

    @Test func aLostNotificationConnectionTurnsTheCacheOffUntilItIsBack() throws {
        let a = try PostgreSQLTestStore()
        defer { a.store.close() }
        let b = try PostgreSQLTestStore(
            uri: a.uri, seedDemoData: false,
            notifications: PGNotificationListener.Timing(heartbeatIntervalMilliseconds: 200, heartbeatTimeoutMilliseconds: 500, reconnectDelayMilliseconds: 1500))
        defer { b.store.close() }
        #expect(b.store.isReadCacheTracking)
        // Kill B's listening session (every session waiting for input on LISTEN is a listener).
        let killed = try a.inspect { connection in
            try connection.query("""
                SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
                WHERE datname = current_database() AND pid <> pg_backend_pid() AND (query LIKE 'LISTEN%' OR query = 'SELECT 1')
                """).int64(0, 0)
        }
        #expect(killed >= 1)
        try #require(eventually { !b.store.isReadCacheTracking })
        // While off, B reads the database: A's like shows at once.
        _ = try a.likeService.updateLike(momentID: "4", userID: "0", isLiked: true)
        #expect(try b.timelines.likes(momentIDs: ["4"], viewerID: "0")["4"]?.isLikedByViewer == true)
        // And back on after the reconnect.
        try #require(eventually(within: .seconds(10)) { b.store.isReadCacheTracking })
    }
}
