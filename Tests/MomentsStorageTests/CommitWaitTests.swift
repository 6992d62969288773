import Locking
import SQLite
import Moments
import Testing
@testable import MomentsStorage
import TestSupport

/// How a like waits for its commit, the same on both engines: on the calling
/// thread, through `whileWaitingForCommit` (the server's handler pool lends
/// the waiting lane to a queued request meanwhile): once per like, the like
/// committed and the read cache told when the wait ends, and never for a read.
struct CommitWaitTests {
    @Test func sqliteLikesWaitInTheHook() throws {
        let directory = try TemporaryDirectory()
        try Self.check(.sqlite(path: try Self.threeFriends(in: directory)))
    }

    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
    func postgreSQLLikesWaitInTheHook() throws {
        let directory = try TemporaryDirectory()
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: try Self.threeFriends(in: directory)), to: .postgreSQL(uri: uri))
        try Self.check(.postgreSQL(uri: uri))
    }

    /// Three users, all friends, one moment each, no likes.
    private static func threeFriends(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("likes.sqlite")
        try SyntheticData.write(to: path, users: 3, friends: 3, moments: 1, likes: 0, seed: 1, now: TestStore.now)
        return path
    }

    private static func check(_ location: DatabaseLocation) throws {
        let waits = Locked(0)
        var options = MomentsStore.Options(seedDemoData: false)
        options.database.whileWaitingForCommit = { wait in
            waits.withLock { $0 += 1 }
            wait()
        }
        let store = try MomentsStore.open(database: location, options: options)
        defer { store.close() }
        let timelines = TimelineService(users: store.users, moments: store.moments, likes: store.likes)
        let likes = LikeService(users: store.users, moments: store.moments, likes: store.likes)

        _ = try timelines.timeline(userID: "1")
        #expect(try timelines.likes(momentIDs: ["0"], viewerID: "1")["0"]?.count == 0)
        #expect(waits.withLock { $0 } == 0, "a read waited for a commit")

        _ = try likes.updateLike(momentID: "0", userID: "1", isLiked: true)
        #expect(waits.withLock { $0 } == 1)
        #expect(try timelines.likes(momentIDs: ["0"], viewerID: "1")["0"]?.likers.map(\.id) == ["1"])
        _ = try likes.updateLike(momentID: "0", userID: "1", isLiked: false)
        #expect(waits.withLock { $0 } == 2)
    }
}
