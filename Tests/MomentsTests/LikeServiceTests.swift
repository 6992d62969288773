import Locking
import Moments
import MomentsFakes
import Testing

struct LikeServiceTests {
    let database = InMemoryDatabase.demo()
    var service: LikeService { database.likeService() }
    var timelines: TimelineService { database.timelineService() }

    private func likers(of momentID: String, viewer: String = "0") throws -> [String] {
        try timelines.likes(momentIDs: [momentID], viewerID: viewer)[UTF8Key(momentID)]?.likers.map(\.id) ?? []
    }

    @Test func likeAddsTheViewerLastAndReturnsTheTimeline() throws {
        let timeline = try service.updateLike(momentID: "0", userID: "0", isLiked: true)
        #expect(timeline.user.id == "0")
        #expect(timeline.moments.map(\.id) == ["0", "1", "2", "3", "4"])
        #expect(try likers(of: "0") == ["100", "101", "102", "0"])
        #expect(try timelines.likes(momentIDs: ["0"], viewerID: "0")["0"]?.isLikedByViewer == true)
    }

    @Test func likingTwiceKeepsTheFirstLikeAndItsTime() throws {
        _ = try service.updateLike(momentID: "4", userID: "1", isLiked: true)
        let first = database.likedAt(momentID: "4", userID: "1")
        _ = try service.updateLike(momentID: "4", userID: "1", isLiked: true)
        #expect(first != nil)
        #expect(database.likedAt(momentID: "4", userID: "1") == first)
        #expect(try likers(of: "4") == ["1"])
    }

    @Test func unlikeRemovesTheLike() throws {
        _ = try service.updateLike(momentID: "2", userID: "0", isLiked: false)
        #expect(try likers(of: "2") == ["104"])
        #expect(try timelines.likes(momentIDs: ["2"], viewerID: "0")["2"]?.isLikedByViewer == false)
    }

    @Test func unlikingTwiceIsFine() throws {
        _ = try service.updateLike(momentID: "2", userID: "0", isLiked: false)
        _ = try service.updateLike(momentID: "2", userID: "0", isLiked: false)
        #expect(try likers(of: "2") == ["104"])
    }

    @Test func unlikingAnAbsentLikeIsFine() throws {
        _ = try service.updateLike(momentID: "4", userID: "0", isLiked: false)
        #expect(try likers(of: "4") == [])
    }

    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let name: String
        let momentID: String
        let userID: String
        let isLiked: Bool
        let error: MomentsError
        var testDescription: String { name }
    }

    @Test(arguments: [
        ErrorCase(name: "unknown user likes", momentID: "0", userID: "999", isLiked: true, error: .userNotFound(id: "999")),
        ErrorCase(name: "unknown user unlikes", momentID: "0", userID: "999", isLiked: false, error: .userNotFound(id: "999")),
        ErrorCase(name: "unknown moment", momentID: "999", userID: "0", isLiked: true, error: .momentNotFound(id: "999")),
        ErrorCase(name: "unknown moment, unlike", momentID: "999", userID: "0", isLiked: false, error: .momentNotFound(id: "999")),
        // Moment 1 is by user 2; user 100 is a friend of 0 only.
        ErrorCase(name: "invisible moment", momentID: "1", userID: "100", isLiked: true, error: .momentNotFound(id: "1")),
        ErrorCase(name: "invisible moment, unlike", momentID: "1", userID: "100", isLiked: false, error: .momentNotFound(id: "1")),
    ])
    func refusesWithNotFound(_ testCase: ErrorCase) throws {
        #expect(throws: testCase.error) {
            try service.updateLike(momentID: testCase.momentID, userID: testCase.userID, isLiked: testCase.isLiked)
        }
        #expect(database.callCounts.likeWrites == 0)
    }

    @Test func ownMomentIsVisible() throws {
        _ = try service.updateLike(momentID: "4", userID: "0", isLiked: true)
        #expect(try likers(of: "4") == ["0"])
    }
}
