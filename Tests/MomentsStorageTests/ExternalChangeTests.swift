import Dispatch
import Moments
import SQLite
import Testing
@testable import MomentsStorage

/// Another program writing the file while we serve it (docs/storage.md:
/// a file written by another program is served as it is): the cache notices its
/// commits through `PRAGMA data_version` and starts over.
struct ExternalChangeTests {
    /// So long that only the check after a write batch can notice a change.
    static let untimed = ReadCacheConfiguration(externalChangeCheckIntervalMilliseconds: 3_600_000)

    /// Another "process": a plain connection of its own adds a moment for
    /// user "0" and a like by "1" on moment "4".
    private func writeFromOutside(_ test: TestStore) throws {
        try test.inspect { connection in
            try connection.transaction(.immediate) {
                try connection.execute("INSERT INTO moments VALUES ('outside', '0', 'URL', 'from afar', 'https://example.com', ?1)", [.integer(TestStore.now + 10)])
                try connection.execute("INSERT INTO moment_likes VALUES ('4', '1', ?1)", [.integer(TestStore.now * 1000 + 500)])
            }
        }
    }

    private func expectOutsideWriteVisible(_ test: TestStore) throws {
        let timeline = try test.timelines.timeline(userID: "0")
        #expect(timeline.moments.first?.id == "outside")
        let likes = try test.timelines.likes(momentIDs: timeline.moments.map(\.id), viewerID: "1")
        #expect(likes["4"]?.isLikedByViewer == true)
        #expect(likes["4"]?.likers.map(\.id) == ["1"])
    }

    /// Reads `user 0`'s timeline and likes, so both are cached.
    private func warm(_ test: TestStore) throws {
        let timeline = try test.timelines.timeline(userID: "0")
        _ = try test.timelines.likes(momentIDs: timeline.moments.map(\.id), viewerID: "1")
    }

    @Test func outsideCommitIsSeenOnceOurNextWriteReturns() throws {
        let test = try TestStore(cache: Self.untimed)
        try warm(test)
        try writeFromOutside(test)
        // Until a check runs, the cache answers (this is the bounded staleness).
        #expect(try test.timelines.timeline(userID: "0").moments.count == 5)
        // Any write of ours checks right after its batch commits, before it returns.
        try test.store.likes.setLike(momentID: "0", userID: "0", isLiked: true)
        try expectOutsideWriteVisible(test)
    }

    @Test func outsideCommitIsSeenWithinTheCheckInterval() throws {
        let test = try TestStore(cache: ReadCacheConfiguration(externalChangeCheckIntervalMilliseconds: 20))
        try warm(test)
        let cleared = DispatchSemaphore(value: 0)
        test.store.observeChanges(ClearSignal(semaphore: cleared))
        try writeFromOutside(test)
        // No write of ours: only the timer on the writer's queue can notice.
        #expect(cleared.wait(timeout: .now() + .seconds(10)) == .success)
        try expectOutsideWriteVisible(test)
    }

    @Test func ourOwnWritesDoNotClearTheCache() throws {
        let test = try TestStore(cache: Self.untimed)
        let cache = try #require(test.store.cache)
        try warm(test)
        for isLiked in [true, false, true] {
            _ = try test.likeService.updateLike(momentID: "4", userID: "0", isLiked: isLiked)
        }
        // The timeline survived three writes; only moment 4's likers were dropped.
        #expect(cache.counts.timelines == 1)
        #expect(cache.counts.likers == 4)
    }
}

/// Signals a semaphore on every clear (tests wait on it instead of sleeping).
private struct ClearSignal: DataChangeObserver {
    let semaphore: DispatchSemaphore
    func likesChanged(momentID: String) {}
    func everythingChanged() { semaphore.signal() }
}
