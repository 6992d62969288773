/// Reads and writes likes.
package protocol LikeRepository: Sendable {
    /// The like data of each moment in `momentIDs` as `viewerID` sees it, read
    /// in one batch: every requested id is a key, moments without likes map to
    /// `MomentLikes.none`. Likers are ordered oldest like first, ties by user id.
    func likes(momentIDs: [String], viewerID: String) throws -> [String: MomentLikes]

    /// Sets (`isLiked`) or clears `userID`'s like on the moment, durably,
    /// before returning. Setting an existing like keeps it and its time;
    /// clearing an absent like does nothing. Checks neither visibility nor
    /// existence beyond what the store enforces: that is the service's job.
    func setLike(momentID: String, userID: String, isLiked: Bool) throws
}
