/// The like data of one moment as seen by one viewer.
package struct MomentLikes: Sendable, Hashable {
    /// Whether the viewer likes the moment.
    package var isLikedByViewer: Bool
    /// The first users who like it, oldest like first (ties: user id
    /// ascending): all of them, or as many as the read asked for.
    package var likers: [User]
    /// How many users like it in all, kept by the store as likes are
    /// written (never counted at read time).
    package var count: Int

    /// An instance that stands for `likers` and `count` as read (not for
    /// the viewer's like): the reader hands out the same instance only while
    /// they are unchanged, and a new one once they may have changed; nil when
    /// it cannot tell (a read that nothing keeps). What is built from like
    /// data may be reused by it (the API's fragment cache). It takes no part
    /// in equality: two reads of equal likes are equal.
    package var snapshot: (any AnyObject & Sendable)?

    package init(isLikedByViewer: Bool, likers: [User], count: Int, snapshot: (any AnyObject & Sendable)? = nil) {
        self.isLikedByViewer = isLikedByViewer
        self.likers = likers
        self.count = count
        self.snapshot = snapshot
    }

    package static let none = MomentLikes(isLikedByViewer: false, likers: [], count: 0)

    package static func == (lhs: MomentLikes, rhs: MomentLikes) -> Bool {
        lhs.isLikedByViewer == rhs.isLikedByViewer && lhs.likers == rhs.likers && lhs.count == rhs.count
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(isLikedByViewer)
        hasher.combine(likers)
        hasher.combine(count)
    }
}
