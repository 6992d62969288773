/// A page of a user's timeline (`MomentsDetails`): the user, and the moments
/// written by the user or a friend, newest first (created date, then id,
/// descending), at most as many as the page asked for.
package struct Timeline: Sendable, Hashable {
    package var user: User
    package var moments: [Moment]
    /// Whether older moments follow this page's last one.
    package var hasNextPage: Bool

    package init(user: User, moments: [Moment], hasNextPage: Bool = false) {
        self.user = user
        self.moments = moments
        self.hasNextPage = hasNextPage
    }

    /// Where the next page starts: the last moment's position; nil for an empty page.
    package var endCursor: TimelineCursor? {
        moments.last.map(TimelineCursor.init(after:))
    }
}
