import Locking

/// A user's timeline, a page at a time, and the like data of a page of
/// moments (docs/api.md, "A timeline" and "Pages").
///
/// Likes are a separate call so that a timeline read without likes reads no
/// like data at all.
package final class TimelineService: Sendable {
    private let users: any UserRepository
    private let moments: any MomentRepository
    private let likes: any LikeRepository
    /// The most moments of a page and likers of a moment one answer holds.
    package let pageSize: PageSize

    package init(
        users: any UserRepository, moments: any MomentRepository, likes: any LikeRepository, pageSize: PageSize = PageSize()
    ) {
        self.users = users
        self.moments = moments
        self.likes = likes
        self.pageSize = pageSize
    }

    /// The user's profile and a page of the moments written by the user or a
    /// friend, newest first: `first` of them (the maximum page size when nil)
    /// after `after`. Throws `MomentsError.pageSizeOutOfRange` for a `first`
    /// below 0 or over the maximum, `.userNotFound` for an unknown user.
    package func timeline(userID: String, first: Int? = nil, after: TimelineCursor? = nil) throws -> Timeline {
        try timeline(userID: userID, page: PageRequest(first: pageSize.resolve(first), after: after))
    }

    /// As above, for a page already checked (`pageSize.resolve`).
    package func timeline(userID: String, page: PageRequest) throws -> Timeline {
        // One repository call: the user and the moments in one read.
        guard let timeline = try moments.timeline(userID: userID, page: page) else {
            throw MomentsError.userNotFound(id: userID)
        }
        return timeline
    }

    /// One batched read for a whole page: every id in `momentIDs` is a key;
    /// moments without likes map to `MomentLikes.none`. Each moment's likers
    /// are its first `pageSize.maximum`, however many like it (`count`).
    package func likes(momentIDs: [String], viewerID: String) throws -> [UTF8Key: MomentLikes] {
        let inOrder = try likesInOrder(momentIDs: momentIDs, viewerID: viewerID)
        return Dictionary(zip(momentIDs.lazy.map { UTF8Key($0) }, inOrder), uniquingKeysWith: { first, _ in first })
    }

    /// The same, one per id in `momentIDs` order (a page's moments by position).
    package func likesInOrder(momentIDs: [String], viewerID: String) throws -> [MomentLikes] {
        guard !momentIDs.isEmpty else { return [] }
        return try likes.likesInOrder(momentIDs: momentIDs, viewerID: viewerID, likers: pageSize.maximum)
    }
}
