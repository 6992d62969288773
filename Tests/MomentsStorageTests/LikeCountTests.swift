import Dispatch
import Moments
import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

/// A moment's like count is kept as likes are written and read, never
/// counted: a moment with thousands of likes answers its count, its first
/// likers and the viewer's `isLiked` at the cost of a small one.
struct LikeCountTests {
    /// 2,000 users, 2 friends each; moment "0" (user 0's) liked by all of them, in id order.
    static let hotLikes = 2_000
    static func write(to path: String) throws {
        try SyntheticData.write(to: path, users: hotLikes, friends: 2, moments: 1, likes: 1, hotMomentLikes: hotLikes, seed: 5, now: TestStore.now)
    }

    @Test(arguments: ReadCacheTests.modes)
    func aHotMomentAnswersItsCountFirstLikersAndIsLiked(_ mode: ReadCacheTests.ModeCase) throws {
        let test = try TestStore(seedDemoData: false, cache: mode.cache) { try Self.write(to: $0) }
        let likers = (0..<100).map(String.init)
        for viewer in ["1", "1999", "1", "1999"] {
            let likes = try #require(try test.timelines.likes(momentIDs: ["0"], viewerID: viewer)["0"])
            #expect(likes.count == Self.hotLikes)
            #expect(likes.likers.map(\.id) == likers)
            #expect(likes.isLikedByViewer)
        }
        // A viewer past the first likers: from memory, one small read says whether they like it.
        _ = try test.timelines.likes(momentIDs: ["0", "1"], viewerID: "2")
        let before = test.statements.values.count
        let likes = try test.timelines.likes(momentIDs: ["0", "1"], viewerID: "1500")
        let ran = Array(test.statements.values.dropFirst(before))
        #expect(likes["0"]?.isLikedByViewer == true && likes["1"]?.isLikedByViewer == false)
        #expect(ran == (mode.cache.isEnabled ? [SQLiteLikeRepository.likedByViewer] : [
            "BEGIN DEFERRED TRANSACTION", SQLiteLikeRepository.likers, SQLiteLikeRepository.likedByViewer,
            SQLiteLikeRepository.likerProfiles, "COMMIT TRANSACTION",
        ]))
        // User 1999 (a friend of 0, liker number 2,000) unlikes.
        _ = try test.likeService.updateLike(momentID: "0", userID: "1999", isLiked: false)
        let after = try test.timelines.likes(momentIDs: ["0"], viewerID: "1999")["0"]
        #expect(after?.count == Self.hotLikes - 1 && after?.isLikedByViewer == false)
    }

    /// Likes in the same millisecond at the cut: the first likers by user
    /// id, no more than asked for, and `isLiked` right for the ones past it.
    @Test(arguments: ReadCacheTests.modes)
    func aCutInsideOneMillisecondKeepsTheOrder(_ mode: ReadCacheTests.ModeCase) throws {
        let test = try TestStore(cache: mode.cache)
        try test.inspect { connection in
            for user in ["105", "103", "2", "1", "104"] {
                try connection.execute("INSERT INTO moment_likes VALUES ('4', ?1, 7000)", [.text(user)])
            }
        }
        for viewer in ["103", "2", "104", "0"] {
            let likes = try #require(try test.store.likes.likes(momentIDs: ["4"], viewerID: viewer, likers: 3)["4"])
            #expect(likes.likers.map(\.id) == ["1", "103", "104"])
            #expect(likes.count == 5)
            #expect(likes.isLikedByViewer == (viewer != "0"), "viewer \(viewer)")
        }
    }

    /// The likes statement does about the same work for a moment of 2,000
    /// likes as for one of a single like: nothing is counted, and only the
    /// first likers asked for are read.
    @Test func theLikesStatementDoesNotGrowWithTheLikes() throws {
        let test = try TestStore(seedDemoData: false, cache: .disabled) { try Self.write(to: $0) }
        func steps(_ sql: String, _ arguments: [SQLiteValue]) throws -> Int {
            try test.inspect { connection in
                let statement = try connection.prepare(sql)
                try statement.bind(arguments)
                while try statement.step() {}
                return statement.virtualMachineSteps
            }
        }
        let hot = try steps(SQLiteLikeRepository.likers, [.text(#"["0"]"#), .integer(1)])
        let cold = try steps(SQLiteLikeRepository.likers, [.text(#"["1"]"#), .integer(1)])
        #expect(hot < cold * 2, "\(hot) VM steps for 2,000 likes, \(cold) for 1")
    }

    /// Concurrent likes and unlikes of one moment by many users: the count
    /// is the number of likes, on disk and as read, cached or not.
    @Test(arguments: ReadCacheTests.modes)
    func theCountIsTheLikesAfterConcurrentLikesAndUnlikes(_ mode: ReadCacheTests.ModeCase) throws {
        let users = 16
        let test = try TestStore(seedDemoData: false, readers: 4, cache: mode.cache) { path in
            try SyntheticData.write(to: path, users: users, friends: users, moments: 1, likes: 0, seed: 3, now: TestStore.now)
        }
        let (failures, expected) = ConcurrentLikes.run(test.likeService, users: users, rounds: 40)
        #expect(failures == [])
        let read = try test.timelines.likes(momentIDs: ["0"], viewerID: "0")["0"]
        #expect(read?.count == expected)
        #expect(read?.likers.count == expected)
        let onDisk = try test.inspect { connection in
            (try connection.scalar("SELECT likes FROM moment_like_counts WHERE moment_id = '0'"),
             try connection.scalar("SELECT count(*) FROM moment_likes WHERE moment_id = '0'"))
        }
        #expect(onDisk.0 == .integer(Int64(expected)) && onDisk.1 == .integer(Int64(expected)))
    }
}
