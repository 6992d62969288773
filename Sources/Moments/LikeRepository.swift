import Locking

/// Reads and writes likes. Moment and user ids are told apart byte for byte,
/// as the stores do (`UTF8Key`), never by Unicode equivalence.
package protocol LikeRepository: Sendable {
    /// The like data of each moment in `momentIDs` as `viewerID` sees it, read
    /// in one batch: every requested id is a key, moments without likes map to
    /// `MomentLikes.none`. Each moment's first `likers` likers, oldest like
    /// first (ties by user id), its like count, and whether the viewer likes it.
    func likes(momentIDs: [String], viewerID: String, likers: Int) throws -> [UTF8Key: MomentLikes]

    /// The same like data in `momentIDs` order, one per id. A repository
    /// that reads by position (the read cache) answers this one directly and
    /// the keyed one from it; the others get it from the keyed one.
    func likesInOrder(momentIDs: [String], viewerID: String, likers: Int) throws -> [MomentLikes]

    /// The moments of `momentIDs` that `viewerID` likes, in one read: for
    /// like data whose likers list was cut short of the viewer.
    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key>

    /// Sets (`isLiked`) or clears `userID`'s like on the moment, with the
    /// moment's like count in the same transaction, and returns once that is
    /// durable; throws when it failed (or its outcome is unknown). The caller's
    /// thread waits meanwhile: the store tells the server's handler pool so
    /// (`DatabaseConfiguration.whileWaitingForCommit`), which runs another
    /// request on a spare thread. Setting an existing like keeps it and its
    /// time; clearing an absent like does nothing. Checks neither visibility
    /// nor existence beyond what the store enforces: that is the service's job.
    func setLike(momentID: String, userID: String, isLiked: Bool) throws
}

extension LikeRepository {

    package func likesInOrder(momentIDs: [String], viewerID: String, likers: Int) throws -> [MomentLikes] {
        let byID = try likes(momentIDs: momentIDs, viewerID: viewerID, likers: likers)
        return momentIDs.map { byID[UTF8Key($0)] ?? .none }
    }
}
