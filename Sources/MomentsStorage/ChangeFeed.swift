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

    func subscribe(_ subscriber: any DataChangeObserver) {
        subscribers.withLock { $0.append(subscriber) }
    }

    func likesChanged(momentID: String) {
        for subscriber in subscribers.withLock({ $0 }) { subscriber.likesChanged(momentID: momentID) }
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
