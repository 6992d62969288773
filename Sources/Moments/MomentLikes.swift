/// The like data of one moment as seen by one viewer.
package struct MomentLikes: Sendable, Hashable {
    /// Whether the viewer likes the moment.
    package var isLikedByViewer: Bool
    /// The users who like it, oldest like first (ties: user id ascending).
    package var likers: [User]

    package init(isLikedByViewer: Bool, likers: [User]) {
        self.isLikedByViewer = isLikedByViewer
        self.likers = likers
    }

    package static let none = MomentLikes(isLikedByViewer: false, likers: [])
}
