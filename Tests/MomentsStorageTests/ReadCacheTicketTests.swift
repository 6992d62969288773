import Moments
import Testing
@testable import MomentsStorage

/// The store-if-unchanged rule of `ReadCache`, step by step: a result read
/// before an invalidation or a clear is never stored after it.
struct ReadCacheTicketTests {
    static let user = User(id: "u", name: "U", avatar: "a", backgroundImage: "b")
    static let likers = ReadCache.Likers([user])

    let cache = ReadCache(timelineCapacity: 8, likersCapacity: 8)

    /// Two moment ids in different generation stripes.
    static let (first, second): (String, String) = {
        let first = "m0"
        let second = (1...).lazy.map { "m\($0)" }.first { ReadCache.stripe($0) != ReadCache.stripe(first) } ?? "m1"
        return (first, second)
    }()

    private func isCached(_ id: String) -> Bool {
        cache.likers(momentIDs: [id]).misses.isEmpty
    }

    @Test func likersReadBeforeAnInvalidationAreNotStored() {
        let lookup = cache.likers(momentIDs: [Self.first])
        #expect(lookup.misses == [0])
        // The writer commits and invalidates while the reader's SQL runs.
        cache.invalidateLikes(momentID: Self.first)
        cache.storeLikers([Self.likers], momentIDs: [Self.first], lookup: lookup)
        #expect(!isCached(Self.first))
    }

    @Test func anInvalidationSparesOtherStripes() {
        let ids = [Self.first, Self.second]
        let lookup = cache.likers(momentIDs: ids)
        cache.invalidateLikes(momentID: Self.first)
        cache.storeLikers([Self.likers, Self.likers], momentIDs: ids, lookup: lookup)
        #expect(!isCached(Self.first))
        #expect(isCached(Self.second))
    }

    @Test func aLookupAfterTheInvalidationStores() {
        cache.invalidateLikes(momentID: Self.first)
        let lookup = cache.likers(momentIDs: [Self.first])
        cache.storeLikers([Self.likers], momentIDs: [Self.first], lookup: lookup)
        #expect(isCached(Self.first))
        cache.invalidateLikes(momentID: Self.first)
        #expect(!isCached(Self.first))
    }

    @Test func nothingReadBeforeAClearIsStored() {
        let likersLookup = cache.likers(momentIDs: [Self.first])
        guard case .miss(let epoch) = cache.timeline(userID: "u") else {
            Issue.record("an empty cache has no timeline")
            return
        }
        cache.clear()
        cache.storeLikers([Self.likers], momentIDs: [Self.first], lookup: likersLookup)
        cache.storeTimeline(Timeline(user: Self.user, moments: []), userID: "u", epoch: epoch)
        #expect(cache.counts.timelines == 0 && cache.counts.likers == 0)
    }

    @Test func isLikedUsesTheViewersID() {
        let many = ReadCache.Likers((0..<ReadCache.Likers.setThreshold + 1).map {
            User(id: "\($0)", name: "", avatar: "", backgroundImage: "")
        })
        #expect(many.likes(viewerID: "3").isLikedByViewer)
        #expect(!many.likes(viewerID: "x").isLikedByViewer)
        #expect(Self.likers.likes(viewerID: "u") == MomentLikes(isLikedByViewer: true, likers: [Self.user]))
        #expect(ReadCache.Likers([]).likes(viewerID: "u") == MomentLikes.none)
    }
}
