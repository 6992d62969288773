import Moments
import MomentsFakes
import PostgreSQL
import Testing
@testable import MomentsStorage
import TestSupport

/// The repositories' contract on PostgreSQL: the same answers as SQLite for
/// the same data (timeline order, likes order, visibility, NOT_FOUND), the
/// first like kept, and a constant number of statements per timeline.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PostgreSQLContractTests {
    static let demoUsers = ["0", "1", "2", "3", "4", "100", "101", "102", "103", "104", "105", "nobody"]

    @Test(arguments: [true, false])
    func everyDemoTimelineAndItsLikesMatchSQLite(cached: Bool) throws {
        let cache = cached ? ReadCacheConfiguration() : .disabled
        let sqlite = try TestStore(cache: cache)
        let postgres = try PostgreSQLTestStore(cache: cache)
        defer { postgres.store.close() }
        for user in Self.demoUsers {
            let expected = try? sqlite.timelines.timeline(userID: user)
            let actual = try? postgres.timelines.timeline(userID: user)
            #expect(actual == expected, "timeline of \(user)")
            if let expected {
                let ids = expected.moments.map(\.id)
                #expect(try postgres.timelines.likes(momentIDs: ids, viewerID: user) == sqlite.timelines.likes(momentIDs: ids, viewerID: user))
            }
        }
    }

    @Test func likingTwiceKeepsTheFirstLikeAndUnlikingRemovesIt() throws {
        let test = try PostgreSQLTestStore()
        defer { test.store.close() }
        func likedAt() throws -> Int64? {
            try test.inspect { connection in
                let rows = try connection.query("SELECT liked_at FROM moment_likes WHERE moment_id = '4' AND user_id = '0'")
                return rows.count == 0 ? nil : try rows.int64(0, 0)
            }
        }
        _ = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: true)
        let first = try #require(try likedAt())
        let again = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: true)
        #expect(try likedAt() == first)
        let likes = try test.timelines.likes(momentIDs: again.moments.map(\.id), viewerID: "0")
        #expect(likes["4"]?.isLikedByViewer == true)
        _ = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: false)
        _ = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: false)
        #expect(try likedAt() == nil)
        #expect(try test.timelines.likes(momentIDs: ["4"], viewerID: "0")["4"] == MomentLikes.none)
    }

    @Test func invisibleOrMissingMomentsAndUnknownUsersAreNotFound() throws {
        let test = try PostgreSQLTestStore()
        defer { test.store.close() }
        // Moment "0" is by user 1, who is not a friend of user 100.
        #expect(throws: MomentsError.momentNotFound(id: "0")) { try test.likeService.updateLike(momentID: "0", userID: "100", isLiked: true) }
        #expect(throws: MomentsError.momentNotFound(id: "nope")) { try test.likeService.updateLike(momentID: "nope", userID: "0", isLiked: true) }
        #expect(throws: MomentsError.userNotFound(id: "nobody")) { try test.likeService.updateLike(momentID: "0", userID: "nobody", isLiked: true) }
        #expect(throws: MomentsError.userNotFound(id: "nobody")) { try test.timelines.timeline(userID: "nobody") }
    }

    @Test func aTimelineIsFiveStatementsAndItsLikesFourWhateverItsSize() throws {
        let small = try PostgreSQLTestStore(cache: .disabled)
        defer { small.store.close() }
        let directory = try TemporaryDirectory()
        let path = directory.file("synthetic.sqlite")
        try SyntheticData.write(to: path, users: 200, friends: 40, moments: 10, likes: 5, seed: 7, now: TestStore.now)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        let large = try PostgreSQLTestStore(uri: uri, seedDemoData: false, cache: .disabled)
        defer { large.store.close() }
        for test in [small, large] {
            let before = test.statements.values.count
            let timeline = try test.timelines.timeline(userID: "0")
            #expect(Array(test.statements.values.dropFirst(before)) == [
                PGTransactionKind.snapshotRead.beginSQL, PostgreSQLUserRepository.userByID,
                PostgreSQLMomentRepository.timelineFirstPage, PostgreSQLMomentRepository.photos, "COMMIT",
            ])
            let afterTimeline = test.statements.values.count
            _ = try test.timelines.likes(momentIDs: timeline.moments.map(\.id), viewerID: "0")
            #expect(Array(test.statements.values.dropFirst(afterTimeline)) == [
                PGTransactionKind.snapshotRead.beginSQL, PostgreSQLLikeRepository.likers, PostgreSQLLikeRepository.likerProfiles, "COMMIT",
            ])
            // A page after a cursor: the same statements.
            let cursor = timeline.moments[1]
            let afterLikes = test.statements.values.count
            let next = try test.timelines.timeline(userID: "0", first: 2, after: TimelineCursor(after: cursor))
            #expect(next.moments.map(\.id) == timeline.moments[2..<4].map(\.id))
            #expect(Array(test.statements.values.dropFirst(afterLikes)) == [
                PGTransactionKind.snapshotRead.beginSQL, PostgreSQLUserRepository.userByID,
                PostgreSQLMomentRepository.timelineAfterCursor, PostgreSQLMomentRepository.photos, "COMMIT",
            ])
        }
        #expect(try large.timelines.timeline(userID: "0").moments.count == 100)
    }

    @Test func aLikeIsCommittedWithSynchronousCommitOn() throws {
        let test = try PostgreSQLTestStore()
        defer { test.store.close() }
        let setting = try test.inspect { try $0.query("SHOW synchronous_commit").text(0, 0) }
        #expect(setting == "on")
    }

    @Test func aNewerLayoutVersionIsRefused() throws {
        let test = try PostgreSQLTestStore()
        test.store.close()
        try test.inspect { try $0.executeScript("UPDATE moments_schema_version SET version = 99") }
        #expect(throws: MomentsStorageError.unsupportedSchemaVersion(found: 99, supported: SchemaInstaller.version)) {
            _ = try PostgreSQLTestStore(uri: test.uri)
        }
    }
}
