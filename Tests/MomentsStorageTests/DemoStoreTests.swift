import Moments
import MomentsFakes
import SQLite
import Testing
@testable import MomentsStorage

/// The SQLite store over the demo data behaves as docs/api.md and
/// docs/storage.md ("Demo data") say,
/// and exactly as the in-memory fakes the API tests use.
struct DemoStoreTests {
    let test: TestStore
    let fake = InMemoryDatabase.demo(now: TestStore.now)

    init() throws {
        test = try TestStore()
    }

    @Test(arguments: ["0", "1", "2", "100"])
    func demoTimelineMatchesTheContractAndTheFakes(userID: String) throws {
        let timeline = try test.timelines.timeline(userID: userID)
        #expect(timeline == (try fake.timelineService().timeline(userID: userID)))
        let ids = timeline.moments.map(\.id)
        #expect(try test.timelines.likes(momentIDs: ids, viewerID: userID) == (try fake.timelineService().likes(momentIDs: ids, viewerID: userID)))
    }

    @Test func demoTimelineOfUser0() throws {
        let now = TestStore.now
        let timeline = try test.timelines.timeline(userID: "0")
        #expect(timeline.user.name == "Jake Lin")
        #expect(timeline.moments.map(\.id) == ["0", "1", "2", "3", "4"])
        #expect(timeline.moments.map(\.createdDate) == [now - 120, now - 1500, now - 86_400, now - 172_800, now - 259_200])
        #expect(timeline.moments[2].title == "Swift 5.5 \u{1F389} with Async/Await")
        #expect(timeline.moments[4].type == .url && timeline.moments[4].url == "https://swift.org" && timeline.moments[4].photos.isEmpty)
        let likes = try test.timelines.likes(momentIDs: timeline.moments.map(\.id), viewerID: "0")
        #expect(["0", "1", "2", "3", "4"].map { likes[$0]?.isLikedByViewer } == [false, false, true, true, false])
        #expect(likes["1"]?.likers.map(\.id) == ["103", "104", "105"])
        #expect(try test.likedAt(momentID: "0", userID: "101") == (now - 120) * 1000 + 2000)
    }

    @Test func demoTimelineOfUser1() throws {
        let timeline = try test.timelines.timeline(userID: "1")
        #expect(timeline.user.name == "Taylor Swift")
        #expect(timeline.moments.map(\.id) == ["0", "4"])
    }

    @Test func unknownUserIsNotFound() throws {
        #expect(throws: MomentsError.userNotFound(id: "nobody")) { try test.timelines.timeline(userID: "nobody") }
        #expect(throws: MomentsError.userNotFound(id: "nobody")) {
            try test.likeService.updateLike(momentID: "0", userID: "nobody", isLiked: true)
        }
    }

    @Test(arguments: [("999", "0"), ("1", "100")])
    func unknownOrInvisibleMomentIsNotFound(momentID: String, userID: String) throws {
        for isLiked in [true, false] {
            #expect(throws: MomentsError.momentNotFound(id: momentID)) {
                try test.likeService.updateLike(momentID: momentID, userID: userID, isLiked: isLiked)
            }
        }
    }

    @Test func likeThenDoubleLikeKeepsTheFirstTime() throws {
        let timeline = try test.likeService.updateLike(momentID: "4", userID: "1", isLiked: true)
        #expect(timeline.user.id == "1" && timeline.moments.map(\.id) == ["0", "4"])
        let first = try test.likedAt(momentID: "4", userID: "1")
        #expect(first == TestStore.now * 1000 + 1000)  // seeding read the ticking clock once
        _ = try test.likeService.updateLike(momentID: "4", userID: "1", isLiked: true)
        #expect(try test.likedAt(momentID: "4", userID: "1") == first)
        let likes = try test.timelines.likes(momentIDs: ["4"], viewerID: "1")
        #expect(likes["4"] == MomentLikes(isLikedByViewer: true, likers: [try #require(try test.store.users.user(id: "1"))], count: 1))
    }

    @Test func unlikeThenDoubleUnlike() throws {
        _ = try test.likeService.updateLike(momentID: "2", userID: "0", isLiked: false)
        #expect(try test.likedAt(momentID: "2", userID: "0") == nil)
        _ = try test.likeService.updateLike(momentID: "2", userID: "0", isLiked: false)
        let likes = try test.timelines.likes(momentIDs: ["2"], viewerID: "0")
        #expect(likes["2"]?.isLikedByViewer == false)
        #expect(likes["2"]?.likers.map(\.id) == ["104"])
    }

    @Test func photosComeInPositionOrder() throws {
        try test.inspect { connection in
            try connection.execute("INSERT INTO moments VALUES ('p', '0', 'PHOTOS', NULL, NULL, ?1)", [.integer(TestStore.now)])
            for (position, url) in [(2, "third"), (0, "first"), (1, "second")] {
                try connection.execute("INSERT INTO moment_photos VALUES ('p', ?1, ?2)", [.integer(Int64(position)), .text(url)])
            }
        }
        #expect(try test.timelines.timeline(userID: "0").moments.first?.photos == ["first", "second", "third"])
    }

    @Test func likersAreOldestFirstTiesByUserID() throws {
        try test.inspect { connection in
            for (user, time) in [("105", 7000), ("103", 7000), ("2", 6000), ("1", 8000)] {
                try connection.execute("INSERT INTO moment_likes VALUES ('4', ?1, ?2)", [.text(user), .integer(Int64(time))])
            }
        }
        let likes = try test.timelines.likes(momentIDs: ["4", "missing"], viewerID: "2")
        #expect(likes["4"]?.likers.map(\.id) == ["2", "103", "105", "1"])
        #expect(likes["4"]?.isLikedByViewer == true)
        #expect(likes["missing"] == MomentLikes.none)
    }

    @Test func reopeningDoesNotSeedAgain() throws {
        _ = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: true)
        test.store.close()
        let reopened = try MomentsStore.open(path: test.path)
        defer { reopened.close() }
        #expect(reopened.unavailability == nil)
        #expect(try reopened.moments.timeline(userID: "0", page: PageRequest(first: 100))?.moments.count == 5)
        #expect(try reopened.likes.likes(momentIDs: ["4"], viewerID: "0", likers: 100)["4"]?.isLikedByViewer == true)
    }
}
