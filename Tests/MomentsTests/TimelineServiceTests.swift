import Locking
import Moments
import MomentsFakes
import Testing

struct TimelineServiceTests {
    let now = InMemoryDatabase.demoNow
    let database = InMemoryDatabase.demo()
    var service: TimelineService { database.timelineService() }

    @Test func demoTimelineOfUser0HoldsAllFiveMomentsNewestFirst() throws {
        let timeline = try service.timeline(userID: "0")
        #expect(timeline.user == User(id: "0", name: "Jake Lin", avatar: "https://avatars0.githubusercontent.com/u/573856?s=460&v=4",
                                      backgroundImage: "https://cdn.pixabay.com/photo/2015/04/23/22/00/tree-736885_960_720.jpg"))
        #expect(timeline.moments.map(\.id) == ["0", "1", "2", "3", "4"])
        #expect(timeline.moments.map(\.author.id) == ["1", "2", "3", "4", "0"])
        #expect(timeline.moments.map(\.createdDate) == [now - 120, now - 1500, now - 86_400, now - 172_800, now - 259_200])
        #expect(timeline.moments.map(\.type) == [.photos, .photos, .photos, .photos, .url])
        #expect(timeline.moments.map(\.title) == [nil, "Low-level programming on iOS", "Swift 5.5 \u{1F389} with Async/Await", "Swift UI is awesome!!", "The Swift Programming Language"])
        #expect(timeline.moments.map(\.url) == [nil, nil, nil, nil, "https://swift.org"])
        #expect(timeline.moments.map(\.photos.count) == [1, 1, 1, 1, 0])
        #expect(timeline.moments[1].photos == ["https://i.pinimg.com/originals/15/27/3e/15273e2fa37cba67b5c539f254b26c21.png"])
    }

    @Test func demoTimelineOfUser1HoldsOwnAndFriendsMoments() throws {
        let timeline = try service.timeline(userID: "1")
        #expect(timeline.user.name == "Taylor Swift")
        #expect(timeline.user.backgroundImage == timeline.user.avatar)
        #expect(timeline.moments.map(\.id) == ["0", "4"])
    }

    @Test func demoLikesOfUser0() throws {
        let ids = try service.timeline(userID: "0").moments.map(\.id)
        let likes = try service.likes(momentIDs: ids, viewerID: "0")
        #expect(ids.map { likes[UTF8Key($0)]?.isLikedByViewer } == [false, false, true, true, false])
        #expect(ids.map { likes[UTF8Key($0)]?.likers.map(\.id) } == [["100", "101", "102"], ["103", "104", "105"], ["0", "104"], ["0", "105"], []])
    }

    @Test func unknownUserIsNotFound() throws {
        #expect(throws: MomentsError.userNotFound(id: "999")) { try service.timeline(userID: "999") }
    }

    @Test func timelineWithoutLikesReadsNoLikeData() throws {
        _ = try service.timeline(userID: "0")
        #expect(database.callCounts.likeReads == 0)
        #expect(database.callCounts.momentReads == 1)
    }

    @Test func likesOfAPageAreOneRead() throws {
        _ = try service.likes(momentIDs: ["0", "1", "2", "3", "4"], viewerID: "0")
        #expect(database.callCounts.likeReads == 1)
    }

    @Test func photosKeepTheirOrder() throws {
        database.addMoment(id: "9", authorID: "0", type: .photos, photos: ["c", "a", "b"], createdDate: now)
        #expect(try service.timeline(userID: "0").moments.first?.photos == ["c", "a", "b"])
    }

    @Test func likersAreOldestFirstThenByUserID() throws {
        database.addLike(momentID: "4", userID: "105", likedAt: 5000)
        database.addLike(momentID: "4", userID: "103", likedAt: 5000)
        database.addLike(momentID: "4", userID: "2", likedAt: 4000)
        database.addLike(momentID: "4", userID: "1", likedAt: 6000)
        let likes = try service.likes(momentIDs: ["4"], viewerID: "1")
        #expect(likes["4"]?.likers.map(\.id) == ["2", "103", "105", "1"])
        #expect(likes["4"]?.isLikedByViewer == true)
    }

    @Test func equalTimesOrderByIDDescending() throws {
        database.addMoment(id: "10", authorID: "0", type: .url, createdDate: now)
        database.addMoment(id: "9", authorID: "0", type: .url, createdDate: now)
        database.addMoment(id: "a", authorID: "0", type: .url, createdDate: now)
        // Byte-wise text order, as SQLite compares TEXT: "a" > "9" > "10".
        #expect(try service.timeline(userID: "0").moments.prefix(3).map(\.id) == ["a", "9", "10"])
    }

    @Test func storageFailuresPassThrough() throws {
        struct Broken: Error, Equatable {}
        database.failEveryCall(with: Broken())
        #expect(throws: Broken()) { try service.timeline(userID: "0") }
    }
}
