import Dispatch
import Locking
import Moments
import MomentsFakes
import SQLite
import Testing
@testable import MomentsStorage

/// The read cache: warm reads do no SQL, our own writes are never read stale,
/// and commits by another program are seen within the check interval.
struct ReadCacheTests {
    struct ModeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let cache: ReadCacheConfiguration
        var testDescription: String { name }
    }

    static let modes = [
        ModeCase(name: "cached", cache: ReadCacheConfiguration()),
        ModeCase(name: "uncached", cache: .disabled),
    ]

    /// Statements run by `body`.
    private func statements(_ test: TestStore, _ body: () throws -> Void) rethrows -> [String] {
        let before = test.statements.values.count
        try body()
        return Array(test.statements.values.dropFirst(before))
    }

    @Test func warmReadsExecuteNoStatements() throws {
        let test = try TestStore()
        let ids = try test.timelines.timeline(userID: "0").moments.map(\.id)
        let cold = try test.timelines.likes(momentIDs: ids, viewerID: "0")
        var timeline: Timeline?
        var warm: [UTF8Key: MomentLikes] = [:]
        let ran = try statements(test) {
            timeline = try test.timelines.timeline(userID: "0")
            warm = try test.timelines.likes(momentIDs: ids, viewerID: "0")
            // Another viewer of the same moments: likers are shared, isLiked is per viewer.
            _ = try test.timelines.likes(momentIDs: ["0", "4"], viewerID: "1")
            #expect(try test.store.users.user(id: "0")?.name == "Jake Lin")
            #expect(try test.store.moments.isMoment("4", visibleTo: "0"))
            #expect(try !test.store.moments.isMoment("999", visibleTo: "0"))
        }
        #expect(ran == [])
        #expect(timeline?.moments.map(\.id) == ids)
        #expect(warm == cold)
    }

    @Test func uncachedStoreReadsSQLiteEveryTime() throws {
        let test = try TestStore(cache: .disabled)
        let first = try statements(test) { _ = try test.timelines.timeline(userID: "0") }
        let second = try statements(test) { _ = try test.timelines.timeline(userID: "0") }
        #expect(second == first)
        #expect(second.contains(SQLiteMomentRepository.timelineFirstPage))
    }

    @Test func likeRereadsOnlyTheChangedMoment() throws {
        let test = try TestStore()
        let ids = try test.timelines.timeline(userID: "0").moments.map(\.id)
        _ = try test.timelines.likes(momentIDs: ids, viewerID: "0")
        _ = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: true)
        var likes: [UTF8Key: MomentLikes] = [:]
        let ran = try statements(test) { likes = try test.timelines.likes(momentIDs: ids, viewerID: "0") }
        #expect(ran == [
            "BEGIN DEFERRED TRANSACTION", SQLiteLikeRepository.likers, SQLiteLikeRepository.likerProfiles, "COMMIT TRANSACTION",
        ])
        #expect(likes["4"]?.isLikedByViewer == true)
        #expect(likes["4"]?.likers.map(\.id) == ["0"])
        #expect(try statements(test) { _ = try test.timelines.likes(momentIDs: ids, viewerID: "0") } == [])
    }

    /// The same likes and unlikes on the store and on the in-memory fakes
    /// give the same timelines and likes, read warm after every step.
    @Test(arguments: modes)
    func readsAfterEachWriteMatchTheFakes(_ mode: ModeCase) throws {
        let test = try TestStore(cache: mode.cache)
        let fake = InMemoryDatabase.demo(now: TestStore.now)
        let steps: [(moment: String, user: String, isLiked: Bool)] = [
            ("4", "1", true), ("0", "0", true), ("2", "0", false), ("4", "1", false), ("4", "1", true), ("1", "0", true), ("0", "0", false),
        ]
        for step in [nil] + steps.map(Optional.some) {
            if let step {
                let stored = try test.likeService.updateLike(momentID: step.moment, userID: step.user, isLiked: step.isLiked)
                let expected = try fake.likeService().updateLike(momentID: step.moment, userID: step.user, isLiked: step.isLiked)
                #expect(stored == expected)
            }
            for viewer in ["0", "1", "100"] {
                let timeline = try test.timelines.timeline(userID: viewer)
                #expect(timeline == (try fake.timelineService().timeline(userID: viewer)))
                let ids = timeline.moments.map(\.id)
                #expect(try test.timelines.likes(momentIDs: ids, viewerID: viewer) == (try fake.timelineService().likes(momentIDs: ids, viewerID: viewer)))
            }
        }
    }
}
