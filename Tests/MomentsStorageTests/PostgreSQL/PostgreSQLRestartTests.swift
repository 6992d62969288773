import Glibc
import Moments
import PostgreSQL
import Testing
@testable import MomentsStorage
import TestSupport

/// The server goes away and comes back: the store's state says so, requests
/// fail fast while it is down (never a stale answer from the cache), and the
/// pool and the notification connection reconnect on their own.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PostgreSQLRestartTests {
    @Test func theStoreReconnectsAfterTheServerRestarts() throws {
        let server = try PostgreSQLServer.makePrivate()
        let uri = try server.makeDatabase()
        var options = MomentsStore.Options(seedDemoData: true)
        options.postgreSQL.connection.connectTimeoutSeconds = 2
        options.notifications = PGNotificationListener.Timing(heartbeatIntervalMilliseconds: 200, heartbeatTimeoutMilliseconds: 500, reconnectDelayMilliseconds: 200)
        let store = try MomentsStore.open(database: .postgreSQL(uri: uri), options: options)
        defer { store.close() }
        let timelines = TimelineService(users: store.users, moments: store.moments, likes: store.likes)
        #expect(store.unavailability == nil)
        _ = try timelines.likes(momentIDs: ["4"], viewerID: "0")
        #expect(store.isReadCacheTracking)

        try server.halt()
        try #require(eventually { !store.isReadCacheTracking })
        try #require(eventually { store.unavailability != nil })
        // Cached before, but the cache is off now: the read goes to the (absent) database, or fails fast.
        #expect(throws: StorageUnavailable.self) { try timelines.likes(momentIDs: ["4"], viewerID: "0") }
        #expect(store.reachability?.snapshot.failedFast ?? 0 > 0)

        try server.start()
        try #require(eventually(within: .seconds(10)) { store.unavailability == nil })
        #expect(try timelines.likes(momentIDs: ["4"], viewerID: "0")["4"] == MomentLikes.none)
        try #require(eventually(within: .seconds(10)) { store.isReadCacheTracking })
    }
}
