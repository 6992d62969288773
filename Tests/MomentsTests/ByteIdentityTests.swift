import Locking
import Moments
import MomentsFakes
import Testing

/// The domain's values are equal only byte for byte, as the stores tell ids
/// apart: "Jos\u{E9}" (NFC) and "Jose\u{301}" (NFD) are two users.
struct ByteIdentityTests {
    static let composed = "Jos\u{E9}"
    static let decomposed = "Jose\u{301}"

    static func user(_ id: String, name: String = "Jose") -> User {
        User(id: id, name: name, avatar: "a", backgroundImage: "b")
    }

    @Test func valuesDifferingOnlyInNormalisationAreNotEqual() {
        let composed = Self.user(Self.composed), decomposed = Self.user(Self.decomposed)
        #expect(composed != decomposed)
        #expect(Set([composed, decomposed]).count == 2)
        #expect(Self.user("1", name: Self.composed) != Self.user("1", name: Self.decomposed))
        #expect(Self.user("1") == Self.user("1"))

        func moment(_ id: String, title: String? = nil, photos: [String] = []) -> Moment {
            Moment(id: id, author: Self.user("1"), type: .url, title: title, url: nil, photos: photos, createdDate: 0)
        }
        #expect(moment(Self.composed) != moment(Self.decomposed))
        #expect(moment("m", title: Self.composed) != moment("m", title: Self.decomposed))
        #expect(moment("m", photos: [Self.composed]) != moment("m", photos: [Self.decomposed]))
        #expect(moment("m", title: Self.composed, photos: ["p"]) == moment("m", title: Self.composed, photos: ["p"]))

        #expect(TimelineCursor(createdDate: 1, momentID: Self.composed) != TimelineCursor(createdDate: 1, momentID: Self.decomposed))
        #expect(Set([TimelineCursor(createdDate: 1, momentID: Self.composed), TimelineCursor(createdDate: 1, momentID: Self.decomposed)]).count == 2)
        #expect(MomentsError.userNotFound(id: Self.composed) != .userNotFound(id: Self.decomposed))
        #expect(MomentsError.momentNotFound(id: "m") == .momentNotFound(id: "m"))
        #expect(MomentsError.momentNotFound(id: "m") != .userNotFound(id: "m"))
    }

    @Test func eachSpellingIsItsOwnUserWithItsOwnLikes() throws {
        let database = InMemoryDatabase.demo()
        database.addUser(Self.user(Self.composed, name: "Composed"))
        database.addUser(Self.user(Self.decomposed, name: "Decomposed"))
        database.addFriendship(Self.composed, "1")
        database.addFriendship(Self.decomposed, "1")
        database.addMoment(id: Self.composed, authorID: "1", type: .url, createdDate: InMemoryDatabase.demoNow)
        database.addMoment(id: Self.decomposed, authorID: "1", type: .url, createdDate: InMemoryDatabase.demoNow - 1)
        let timelines = database.timelineService()

        #expect(try timelines.timeline(userID: Self.composed).user.name == "Composed")
        #expect(try timelines.timeline(userID: Self.decomposed).user.name == "Decomposed")
        let moments = [Self.composed, Self.decomposed]
        #expect(try timelines.timeline(userID: Self.composed).moments.prefix(2).map { Array($0.id.utf8) } == moments.map { Array($0.utf8) })

        _ = try database.likeService().updateLike(momentID: Self.decomposed, userID: Self.decomposed, isLiked: true)
        let asComposed = try timelines.likesInOrder(momentIDs: moments, viewerID: Self.composed)
        #expect(asComposed.map(\.isLikedByViewer) == [false, false])
        #expect(asComposed.map(\.count) == [0, 1])
        let asDecomposed = try timelines.likes(momentIDs: moments, viewerID: Self.decomposed)
        #expect(asDecomposed[UTF8Key(Self.composed)]?.isLikedByViewer == false)
        #expect(asDecomposed[UTF8Key(Self.decomposed)]?.isLikedByViewer == true)
        #expect(asDecomposed[UTF8Key(Self.decomposed)]?.likers.map { Array($0.id.utf8) } == [Array(Self.decomposed.utf8)])
    }
}
