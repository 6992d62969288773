public enum MomentType: String, Sendable, Hashable {
    case url = "URL"
    case photos = "PHOTOS"
}

/// A post on a timeline, with its author and photos; likes are read separately,
/// and only when asked for.
public struct Moment: Sendable, Hashable {
    public var id: String
    public var author: User
    public var type: MomentType
    public var title: String?
    public var url: String?
    /// Photo URLs in position order.
    public var photos: [String]
    /// Creation time in whole Unix seconds.
    public var createdDate: Int64

    public init(id: String, author: User, type: MomentType, title: String?, url: String?, photos: [String], createdDate: Int64) {
        self.id = id
        self.author = author
        self.type = type
        self.title = title
        self.url = url
        self.photos = photos
        self.createdDate = createdDate
    }
}
