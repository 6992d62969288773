import Locking
import Moments

/// The store's change feed: every change to data that reads returned, from
/// the store's own writes (`ChangeReportingLikeRepository`), from another
/// program (SQLite's file monitor) and, on PostgreSQL, from every instance
/// (`LISTEN`), whatever the caches' settings. The read cache, the response
/// cache and live likes are its subscribers.
///
/// Subscribers are told in the order they subscribed, on the thread that
/// made or saw the change: the read cache subscribes as the store opens, so
/// whatever was built from reads is dropped before anyone else hears, and a
/// like's subscribers all hear it before the like is acknowledged.
final class ChangeFeed: DataChangeObserver, Sendable {
    private struct State {
        var subscribers: [any DataChangeObserver] = []
        /// The newest position heard since the last gap: a subscriber that
        /// comes later (live likes, after PostgreSQL's first mark) is told
        /// it as a mark, so it has a position to give before the next change.
        var latestPosition: String?
    }

    /// Positions are told under this lock, so each subscriber hears them in
    /// one order, a late one's mark included.
    private let state = Locked(State())
    /// SQLite's positions: this process's writes, counted (`changeHeard`),
    /// after a random prefix so that another process's never match. Nil on
    /// PostgreSQL, whose notifications carry positions of their own.
    private let localPositions: Locked<(prefix: String, count: UInt64)>?

    init(numbersLocalChanges: Bool) {
        let prefix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        localPositions = numbersLocalChanges ? Locked((prefix, 0)) : nil
    }

    func subscribe(_ subscriber: any DataChangeObserver) {
        state.withLock { state in
            state.subscribers.append(subscriber)
            if let position = state.latestPosition { subscriber.changeHeard(at: position, momentID: nil) }
        }
    }

    private var subscribers: [any DataChangeObserver] { state.withLock { $0.subscribers } }

    func likesChanged(momentID: String) {
        // Numbered under the lock of the count, so positions follow the order of these calls.
        localPositions?.withLock { positions in
            positions.count &+= 1
            changeHeard(at: "\(positions.prefix).\(positions.count)", momentID: momentID)
        }
        for subscriber in subscribers { subscriber.likesChanged(momentID: momentID) }
    }

    func changeHeard(at position: String, momentID: String?) {
        state.withLock { state in
            state.latestPosition = position
            for subscriber in state.subscribers { subscriber.changeHeard(at: position, momentID: momentID) }
        }
    }

    func everythingChanged() {
        for subscriber in forgettingPositions() { subscriber.everythingChanged() }
    }

    func changeTrackingLost() {
        for subscriber in forgettingPositions() { subscriber.changeTrackingLost() }
    }

    func changeTrackingRestored() {
        for subscriber in subscribers { subscriber.changeTrackingRestored() }
    }

    /// After a gap no earlier position means anything, to a late subscriber either.
    private func forgettingPositions() -> [any DataChangeObserver] {
        state.withLock { state in
            state.latestPosition = nil
            return state.subscribers
        }
    }
}

/// The likes repository that reports each like to the feed once it has
/// committed (or failed in an unknown state: a batch whose commit failed may
/// still have reached the file), before the writer is answered.
struct ChangeReportingLikeRepository: LikeRepository {
    let base: any LikeRepository
    let feed: ChangeFeed

    func likes(momentIDs: [String], viewerID: String, likers: Int) throws -> [UTF8Key: MomentLikes] {
        try base.likes(momentIDs: momentIDs, viewerID: viewerID, likers: likers)
    }

    func likesInOrder(momentIDs: [String], viewerID: String, likers: Int) throws -> [MomentLikes] {
        try base.likesInOrder(momentIDs: momentIDs, viewerID: viewerID, likers: likers)
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        try base.likedMoments(momentIDs, by: viewerID)
    }

    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        defer { feed.likesChanged(momentID: momentID) }
        try base.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
    }
}
