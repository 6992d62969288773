/// The like data of one moment as seen by one viewer.
public struct MomentLikes: Sendable, Hashable {
    /// Whether the viewer likes the moment.
    public var isLikedByViewer: Bool
    /// The users who like it, oldest like first (ties: user id ascending).
    public var likers: [User]

    public init(isLikedByViewer: Bool, likers: [User]) {
        self.isLikedByViewer = isLikedByViewer
        self.likers = likers
    }

    public static let none = MomentLikes(isLikedByViewer: false, likers: [])
}
