import Caching
import Locking
import Moments

/// What the repositories have read, kept in memory so repeated reads do no SQL.
///
/// Keyed by `UTF8Key`: user and moment ids are one entry exactly when the
/// stores take them as one id (byte for byte), so "Jos\u{E9}" never finds
/// "Jose\u{301}"'s timeline or likers.
///
/// Timelines (a user, the newest moments of the user and friends, authors,
/// photos: the head of the timeline, `TimelineHead`) never change through the
/// API, so they stay until evicted or until another process changes the file
/// (`clear()`). Likes do change: `invalidateLikes` drops a moment's likers
/// and count after each of our writes commits and before it is acknowledged.
///
/// The classic race: a reader loads likers from a snapshot taken before a
/// commit, the writer invalidates, then the reader stores its stale result.
/// So every store is conditional (`InvalidationGuard`): the reader takes a
/// ticket under its lock before its SQL, a write invalidates its moment's
/// stripe after it commits, and a moment's likers are stored only if its
/// stripe was not invalidated since the ticket (timelines, invalidated only
/// whole, only if nothing was cleared since).
///
/// Two locks, one for timelines and one for likes (entries and
/// invalidations each), so that a page's timeline lookup never waits behind
/// another page's likers lookup, the longest hold (under the like mix, one
/// shared lock made the timeline lookup its first sleeper).
/// The interning table has a third, never taken inside the other two. Hits
/// copy values out (reference-count increments, no allocation) and values
/// released by removals are dropped after the lock is let go.
final class ReadCache: Sendable {
    /// A moment's first likers, oldest like first (ties: user id), and its
    /// like count, as any viewer sees them. Immutable, and a class: the
    /// instance is the `MomentLikes.snapshot` of what is read from it, the
    /// same one for as long as the cache keeps it.
    final class Likers: Sendable {
        /// From this many likers on, `isLiked` uses a set instead of a scan.
        static let setThreshold = 32

        /// All the likers, or the first ones when `count` is larger.
        let users: [User]
        let count: Int
        /// `users.count`, kept beside `count`: `serves(limit:)` runs for
        /// every moment of a page under the cache's lock, and reading the
        /// array's header there was a cache miss of its own, a large share
        /// of that lookup's time under the like mix.
        private let kept: Int
        private let ids: Set<UTF8Key>?

        init(_ users: [User], count: Int) {
            self.users = users
            self.count = count
            kept = users.count
            ids = users.count >= Self.setThreshold ? Set(users.map { UTF8Key($0.id) }) : nil
        }

        /// Whether `users` is every liker, so that it answers `isLiked` alone.
        var isComplete: Bool { kept >= count }

        /// Whether this answers a read of the first `limit` likers.
        func serves(limit: Int) -> Bool { isComplete || kept >= limit }

        func contains(_ userID: String) -> Bool {
            let key = UTF8Key(userID)
            if let ids { return ids.contains(key) }
            return users.contains { UTF8Key($0.id) == key }
        }

        /// The like data for `viewerID`, nil when it cannot tell whether the
        /// viewer likes the moment (a liker past the kept ones).
        func likes(viewerID: String, limit: Int) -> MomentLikes? {
            let isLiked = contains(viewerID)
            guard isLiked || isComplete else { return nil }
            return likes(isLikedByViewer: isLiked, limit: limit)
        }

        func likes(isLikedByViewer: Bool, limit: Int) -> MomentLikes {
            MomentLikes(
                isLikedByViewer: isLikedByViewer, likers: users.count > limit ? Array(users.prefix(limit)) : users,
                count: count, snapshot: self)
        }
    }

    enum TimelineLookup {
        case hit(Timeline)
        /// Not cached: read it, then `storeTimeline` with this ticket.
        case miss(ticket: InvalidationGuard.Ticket)
    }

    /// The cached part of a page, and the ticket for storing the rest.
    struct LikersLookup {
        /// Per requested moment, its cached likers or nil (also when they
        /// are too few for the read).
        var hits: [Likers?]
        /// Indices (into the request) of the moments to read.
        var misses: [Int]
        var ticket: InvalidationGuard.Ticket
    }

    /// Stripes of moment ids for likes' invalidations (`InvalidationGuard`).
    static let stripeCount = 1024

    /// One part of the cache (timelines, or likers), behind a lock of its own.
    private struct Part<Value: Sendable>: Sendable {
        var entries: ClockCache<UTF8Key, Value>
        /// Timelines are invalidated only whole (`clear()`, `suspend()`),
        /// likes also per moment.
        var invalidations: InvalidationGuard
        /// Lookups answered from memory and not, since start (for the metrics:
        /// counted under the lock the lookup takes anyway, so they cost nothing more).
        var hits = 0
        var misses = 0

        init(capacity: Int, stripeCount: Int) {
            entries = ClockCache(capacity: capacity)
            invalidations = InvalidationGuard(stripeCount: stripeCount)
        }

        /// Swaps in `empty` (the old entries come out in it, to be released
        /// after the lock) and voids earlier tickets; `suspended`, when given,
        /// becomes the part's suspension.
        mutating func replaceEntries(with empty: inout ClockCache<UTF8Key, Value>, suspended: Bool?) {
            invalidations.invalidateAll(suspended: suspended)
            swap(&entries, &empty)
        }
    }

    private let timelines: Locked<Part<Timeline>>
    private let likerLists: Locked<Part<Likers>>
    /// One instance per user and per moment, shared by every cached
    /// timeline and liker list that holds it (see `Interned`). Interning
    /// only picks which equal instance is kept, so it is done before the
    /// store it serves, under its own lock.
    private let interned: Locked<Interned>
    /// Told about every invalidation and clear, after the cache's own state
    /// changed: caches built on top of this one (answers) drop what they hold.
    private let timelineCapacity: Int
    private let likersCapacity: Int

    init(timelineCapacity: Int, likersCapacity: Int) {
        self.timelineCapacity = timelineCapacity
        self.likersCapacity = likersCapacity
        timelines = Locked(Part(capacity: timelineCapacity, stripeCount: 1))
        likerLists = Locked(Part(capacity: likersCapacity, stripeCount: Self.stripeCount))
        interned = Locked(Interned(userCapacity: timelineCapacity, momentCapacity: likersCapacity))
    }

    // MARK: Timelines

    func timeline(userID: String) -> TimelineLookup {
        timelines.withLock { state in
            if !state.invalidations.isSuspended, let timeline = state.entries.value(for: UTF8Key(userID)) {
                state.hits &+= 1
                return .hit(timeline)
            }
            state.misses &+= 1
            return .miss(ticket: state.invalidations.ticket)
        }
    }

    /// The cached timeline, or nil; never a ticket (for reads that only peek,
    /// which the statistics do not count).
    func cachedTimeline(userID: String) -> Timeline? {
        timelines.withLock { state in state.invalidations.isSuspended ? nil : state.entries.value(for: UTF8Key(userID)) }
    }

    /// Stores a timeline read after `timeline(userID:)` returned `.miss(ticket)`;
    /// returns it with its users and moments replaced by the instances already
    /// cached, when there are (the same values, shared).
    @discardableResult
    func storeTimeline(_ timeline: Timeline, userID: String, ticket: InvalidationGuard.Ticket) -> Timeline {
        let shared = interned.withLock { $0.timeline(timeline) }
        timelines.withLock { state in
            guard state.invalidations.admits(ticket) else { return }
            state.entries.setValue(shared, for: UTF8Key(userID))
        }
        return shared
    }

    // MARK: Likes

    /// The cached likers of `momentIDs` that serve a read of `limit` likers each.
    func likers(momentIDs: [String], limit: Int) -> LikersLookup {
        // Allocated before the lock, which then only fills them.
        var hits: [Likers?] = []
        hits.reserveCapacity(momentIDs.count)
        var misses: [Int] = []
        misses.reserveCapacity(momentIDs.count)
        let ticket = likerLists.withLock { state in
            let isSuspended = state.invalidations.isSuspended
            for (index, id) in momentIDs.enumerated() {
                let cached = isSuspended ? nil : state.entries.value(for: UTF8Key(id))
                let likers = cached?.serves(limit: limit) == true ? cached : nil
                hits.append(likers)
                if likers == nil { misses.append(index) }
            }
            state.misses &+= misses.count
            state.hits &+= momentIDs.count - misses.count
            return state.invalidations.ticket
        }
        return LikersLookup(hits: hits, misses: misses, ticket: ticket)
    }

    /// Stores the likers and counts read for `lookup.misses` (in that order),
    /// each only if no write to its moment's stripe and no `clear()` happened
    /// since the lookup. The users are read from SQLite as `User` instances;
    /// they are stored as the instances already cached, when there are. A
    /// result per miss, else nothing is stored.
    func storeLikers(_ likers: [(users: [User], count: Int)], momentIDs: [String], lookup: LikersLookup) -> [Likers] {
        let users = interned.withLock { interned in likers.map { $0.users.map { interned.user($0) } } }
        let entries = zip(users, likers).map { Likers($0, count: $1.count) }
        guard entries.count == lookup.misses.count else { return entries }
        likerLists.withLock { state in
            guard state.invalidations.admits(lookup.ticket) else { return }
            for (position, index) in lookup.misses.enumerated() {
                let key = UTF8Key(momentIDs[index])
                guard state.invalidations.admits(lookup.ticket, hash: key.hashValue) else { continue }
                state.entries.setValue(entries[position], for: key)
            }
        }
        return entries
    }

    /// Called once a like or unlike of `momentID` has committed (or failed in
    /// an unknown state), before the writer is answered.
    func invalidateLikes(momentID: String) {
        let key = UTF8Key(momentID)
        let removed = likerLists.withLock { state in
            state.invalidations.invalidate(hash: key.hashValue)
            return state.entries.removeValue(for: key)
        }
        _ = removed  // released here, outside the lock
    }

    /// Drops everything (another process changed the file).
    func clear() {
        replaceEntries()
    }

    /// Changes made by others can no longer be heard (the notification
    /// connection is down): drops everything and serves nothing from memory
    /// until `resume()`.
    func suspend() {
        setSuspended(true)
    }

    /// Changes are heard again: drops what may have been missed and caches again.
    func resume() {
        setSuspended(false)
    }

    var isSuspended: Bool { timelines.withLock { $0.invalidations.isSuspended } }

    private func setSuspended(_ suspended: Bool) {
        replaceEntries(suspended: suspended)
    }

    /// Empties the cache, each part under its own lock, and voids every
    /// earlier ticket of both; `suspended`, when
    /// given, becomes the suspension of both parts. Empty caches are made
    /// before the locks: the old entries come out in these variables and are
    /// released after.
    private func replaceEntries(suspended: Bool? = nil) {
        var timelineEntries = ClockCache<UTF8Key, Timeline>(capacity: timelineCapacity)
        var likerEntries = ClockCache<UTF8Key, Likers>(capacity: likersCapacity)
        var internedEntries = Interned(userCapacity: timelineCapacity, momentCapacity: likersCapacity)
        timelines.withLock { $0.replaceEntries(with: &timelineEntries, suspended: suspended) }
        likerLists.withLock { $0.replaceEntries(with: &likerEntries, suspended: suspended) }
        interned.withLock { swap(&$0, &internedEntries) }
    }


    var counts: (timelines: Int, likers: Int) {
        (timelines.withLock { $0.entries.count }, likerLists.withLock { $0.entries.count })
    }

    var statistics: ReadCacheStatistics {
        let (timelineHits, timelineMisses) = timelines.withLock { ($0.hits, $0.misses) }
        let (likersHits, likersMisses) = likerLists.withLock { ($0.hits, $0.misses) }
        return ReadCacheStatistics(
            timelineHits: timelineHits, timelineMisses: timelineMisses, likersHits: likersHits, likersMisses: likersMisses)
    }
}

/// Read-cache lookups since start: a user's timeline, and each moment's
/// likers (one per moment of a page).
package struct ReadCacheStatistics: Sendable, Equatable {
    package var timelineHits = 0
    package var timelineMisses = 0
    package var likersHits = 0
    package var likersMisses = 0
}

/// The read cache as the store's change feed's first subscriber.
extension ReadCache: DataChangeObserver {
    func likesChanged(momentID: String) { invalidateLikes(momentID: momentID) }
    func everythingChanged() { clear() }
    func changeTrackingLost() { suspend() }
    func changeTrackingRestored() { resume() }
}
