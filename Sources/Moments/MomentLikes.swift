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

    package init(isLikedByViewer: Bool, likers: [User], count: Int) {
        self.isLikedByViewer = isLikedByViewer
        self.likers = likers
        self.count = count
    }

    package static let none = MomentLikes(isLikedByViewer: false, likers: [], count: 0)
}
