import Locking
import Moments
import Testing
@testable import MomentsStorage

/// The store-if-unchanged rule of `ReadCache`, step by step: a result read
/// before an invalidation or a clear is never stored after it.
struct ReadCacheTicketTests {
    static let user = User(id: "u", name: "U", avatar: "a", backgroundImage: "b")
    static let likers = ReadCache.Likers([user], count: 1)

    let cache = ReadCache(timelineCapacity: 8, likersCapacity: 8)

    /// The invalidation stripe of a moment id, as `ReadCache` picks it.
    static func stripe(_ momentID: String) -> Int {
        UTF8Key(momentID).hashValue & (ReadCache.stripeCount - 1)
    }

    /// Two moment ids in different invalidation stripes.
    static let (first, second): (String, String) = {
        let first = "m0"
        let second = (1...).lazy.map { "m\($0)" }.first { Self.stripe($0) != Self.stripe(first) } ?? "m1"
        return (first, second)
    }()

    private func isCached(_ id: String) -> Bool {
        cache.likers(momentIDs: [id], limit: 100).misses.isEmpty
    }

    @Test func likersReadBeforeAnInvalidationAreNotStored() {
        let lookup = cache.likers(momentIDs: [Self.first], limit: 100)
        #expect(lookup.misses == [0])
        // The writer commits and invalidates while the reader's SQL runs.
        cache.invalidateLikes(momentID: Self.first)
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.first], lookup: lookup)
        #expect(!isCached(Self.first))
    }

    @Test func anInvalidationSparesOtherStripes() {
        let ids = [Self.first, Self.second]
        let lookup = cache.likers(momentIDs: ids, limit: 100)
        cache.invalidateLikes(momentID: Self.first)
        _ = cache.storeLikers([([Self.user], 1), ([Self.user], 1)], momentIDs: ids, lookup: lookup)
        #expect(!isCached(Self.first))
        #expect(isCached(Self.second))
    }

    @Test func aLookupAfterTheInvalidationStores() {
        cache.invalidateLikes(momentID: Self.first)
        let lookup = cache.likers(momentIDs: [Self.first], limit: 100)
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.first], lookup: lookup)
        #expect(isCached(Self.first))
        cache.invalidateLikes(momentID: Self.first)
        #expect(!isCached(Self.first))
    }

    @Test func nothingReadBeforeAClearIsStored() {
        let likersLookup = cache.likers(momentIDs: [Self.first], limit: 100)
        guard case .miss(let ticket) = cache.timeline(userID: "u") else {
            Issue.record("an empty cache has no timeline")
            return
        }
        cache.clear()
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.first], lookup: likersLookup)
        cache.storeTimeline(Timeline(user: Self.user, moments: []), userID: "u", ticket: ticket)
        #expect(cache.counts.timelines == 0 && cache.counts.likers == 0)
    }

    @Test func storedTimelinesAndLikersShareOneInstancePerUserAndMoment() {
        func copy(_ user: User) -> User {
            User(id: user.id, name: user.name, avatar: user.avatar, backgroundImage: user.backgroundImage)
        }
        func moment(_ author: User) -> Moment {
            Moment(id: "m", author: author, type: .photos, title: "t", url: nil, photos: ["p"], createdDate: 1)
        }
        guard case .miss(let ticket) = cache.timeline(userID: "u") else {
            Issue.record("an empty cache has no timeline")
            return
        }
        let first = cache.storeTimeline(Timeline(user: Self.user, moments: [moment(Self.user)]), userID: "u", ticket: ticket)
        // Another read of the same rows: equal values, new instances.
        let second = cache.storeTimeline(Timeline(user: copy(Self.user), moments: [moment(copy(Self.user))]), userID: "v", ticket: ticket)
        #expect(second == first)
        #expect(second.user === first.user)
        #expect(second.moments[0] === first.moments[0])
        #expect(first.moments[0].author === first.user)
        let lookup = cache.likers(momentIDs: ["m"], limit: 100)
        let likers = cache.storeLikers([([copy(Self.user)], 1)], momentIDs: ["m"], lookup: lookup)
        #expect(likers[0].users[0] === first.user)
    }

    @Test func isLikedUsesTheViewersID() {
        let users = (0..<ReadCache.Likers.setThreshold + 1).map { User(id: "\($0)", name: "", avatar: "", backgroundImage: "") }
        let many = ReadCache.Likers(users, count: users.count)
        #expect(many.likes(viewerID: "3", limit: 100)?.isLikedByViewer == true)
        #expect(many.likes(viewerID: "x", limit: 100)?.isLikedByViewer == false)
        #expect(Self.likers.likes(viewerID: "u", limit: 100) == MomentLikes(isLikedByViewer: true, likers: [Self.user], count: 1))
        #expect(ReadCache.Likers([], count: 0).likes(viewerID: "u", limit: 100) == MomentLikes.none)
    }

    /// Timelines and likers sit under separate locks, each with its own
    /// invalidations and suspension: both parts stop serving and storing together.
    @Test func whileSuspendedNothingIsServedOrStored() {
        let stored = cache.likers(momentIDs: [Self.first], limit: 100)
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.first], lookup: stored)
        guard case .miss(let ticket) = cache.timeline(userID: "u") else {
            Issue.record("an empty cache has no timeline")
            return
        }
        cache.storeTimeline(Timeline(user: Self.user, moments: []), userID: "u", ticket: ticket)
        let pending = cache.likers(momentIDs: [Self.second], limit: 100)
        cache.suspend()
        #expect(cache.isSuspended)
        #expect(!isCached(Self.first))
        #expect(cache.cachedTimeline(userID: "u") == nil)
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.second], lookup: pending)
        let during = cache.likers(momentIDs: [Self.second], limit: 100)
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.second], lookup: during)
        if case .miss(let suspendedTicket) = cache.timeline(userID: "v") {
            cache.storeTimeline(Timeline(user: Self.user, moments: []), userID: "v", ticket: suspendedTicket)
        }
        #expect(cache.counts.timelines == 0 && cache.counts.likers == 0)
        cache.resume()
        #expect(!cache.isSuspended)
        let after = cache.likers(momentIDs: [Self.second], limit: 100)
        _ = cache.storeLikers([([Self.user], 1)], momentIDs: [Self.second], lookup: after)
        #expect(isCached(Self.second))
    }

    /// Kept likers cut short of the count answer `isLiked` only for the
    /// viewers they list, and serve reads of no more likers than they hold.
    @Test func cutLikersCannotTellAboutOtherViewers() {
        let users = (0..<3).map { User(id: "\($0)", name: "", avatar: "", backgroundImage: "") }
        let cut = ReadCache.Likers(users, count: 1_000)
        #expect(!cut.isComplete)
        #expect(cut.likes(viewerID: "1", limit: 2) == MomentLikes(isLikedByViewer: true, likers: Array(users.prefix(2)), count: 1_000))
        #expect(cut.likes(viewerID: "999", limit: 3) == nil)
        #expect(cut.serves(limit: 3) && !cut.serves(limit: 4))
        #expect(ReadCache.Likers(users, count: 3).serves(limit: 100))
    }
}
