/// A user's timeline, and the like data of a page of moments (docs/api.md,
/// "A timeline").
///
/// Likes are a separate call so that a timeline read without likes reads no
/// like data at all.
package final class TimelineService: Sendable {
    private let users: any UserRepository
    private let moments: any MomentRepository
    private let likes: any LikeRepository

    package init(users: any UserRepository, moments: any MomentRepository, likes: any LikeRepository) {
        self.users = users
        self.moments = moments
        self.likes = likes
    }

    /// The user's profile and the moments written by the user or a friend,
    /// newest first. Throws `MomentsError.userNotFound` for an unknown user.
    package func timeline(userID: String) throws -> Timeline {
        // One repository call: the user and the moments in one read.
        guard let timeline = try moments.timeline(userID: userID) else {
            throw MomentsError.userNotFound(id: userID)
        }
        return timeline
    }

    /// One batched read for a whole page: every id in `momentIDs` is a key;
    /// moments without likes map to `MomentLikes.none`.
    package func likes(momentIDs: [String], viewerID: String) throws -> [String: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        return try likes.likes(momentIDs: momentIDs, viewerID: viewerID)
    }
}
