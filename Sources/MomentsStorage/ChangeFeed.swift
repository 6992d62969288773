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
    private let subscribers = Locked<[any DataChangeObserver]>([])
    /// SQLite's positions: this process's writes, counted (`changeHeard`),
    /// after a random prefix so that another process's never match. Nil on
    /// PostgreSQL, whose notifications carry positions of their own.
    private let localPositions: Locked<(prefix: String, count: UInt64)>?

    init(numbersLocalChanges: Bool) {
        let prefix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
        localPositions = numbersLocalChanges ? Locked((prefix, 0)) : nil
    }

    func subscribe(_ subscriber: any DataChangeObserver) {
        subscribers.withLock { $0.append(subscriber) }
    }

    func likesChanged(momentID: String) {
        let subscribers = subscribers.withLock { $0 }
        // Numbered under the lock of the count, so positions follow the order of these calls.
        localPositions?.withLock { positions in
            positions.count &+= 1
            let position = "\(positions.prefix).\(positions.count)"
            for subscriber in subscribers { subscriber.changeHeard(at: position, momentID: momentID) }
        }
        for subscriber in subscribers { subscriber.likesChanged(momentID: momentID) }
    }

    func changeHeard(at position: String, momentID: String) {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.changeHeard(at: position, momentID: momentID) }
    }

    func everythingChanged() {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.everythingChanged() }
    }

    func changeTrackingLost() {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.changeTrackingLost() }
    }

    func changeTrackingRestored() {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.changeTrackingRestored() }
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
