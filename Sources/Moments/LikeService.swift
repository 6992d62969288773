/// Liking and unliking a moment (docs/api.md, "Liking").
package final class LikeService: Sendable {
    private let users: any UserRepository
    private let moments: any MomentRepository
    private let likes: any LikeRepository
    private let timelines: TimelineService

    package init(
        users: any UserRepository, moments: any MomentRepository, likes: any LikeRepository, pageSize: PageSize = PageSize()
    ) {
        self.users = users
        self.moments = moments
        self.likes = likes
        self.timelines = TimelineService(users: users, moments: moments, likes: likes, pageSize: pageSize)
    }

    /// Sets (`isLiked`) or clears `userID`'s like on `momentID`, waits until
    /// it is durable, then returns a page of `userID`'s timeline after the
    /// change (`first` and `after` as in `TimelineService.timeline`).
    ///
    /// Liking twice keeps the first like and its time; unliking an absent like
    /// is fine. Throws, writing nothing: `MomentsError.pageSizeOutOfRange`
    /// for a bad `first`, `.userNotFound` for an unknown user and
    /// `.momentNotFound` for a moment that does not exist or that the user may
    /// not see (written neither by the user nor by a friend).
    package func updateLike(
        momentID: String, userID: String, isLiked: Bool, first: Int? = nil, after: TimelineCursor? = nil
    ) throws -> Timeline {
        let page = PageRequest(first: try timelines.pageSize.resolve(first), after: after)
        guard try users.user(id: userID) != nil else {
            throw MomentsError.userNotFound(id: userID)
        }
        // Users, moments and friendships are never changed through the API,
        // so a visibility checked here still holds when the like is written.
        guard try moments.isMoment(momentID, visibleTo: userID) else {
            throw MomentsError.momentNotFound(id: momentID)
        }
        try likes.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
        return try timelines.timeline(userID: userID, page: page)
    }
}
