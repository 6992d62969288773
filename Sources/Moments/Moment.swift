public enum MomentType: String, Sendable, Hashable {
    case url = "URL"
    case photos = "PHOTOS"
}

/// A post on a timeline, with its author and photos; likes are read separately,
/// and only when asked for.
///
/// An immutable class for the reason `User` is one: timelines share their
/// moments with the cache and with every answer built from them, one retain
/// each. Equality and hashing are by value.
public final class Moment: Sendable, Hashable {
    public let id: String
    public let author: User
    public let type: MomentType
    public let title: String?
    public let url: String?
    /// Photo URLs in position order.
    public let photos: [String]
    /// Creation time in whole Unix seconds.
    public let createdDate: Int64

    public init(id: String, author: User, type: MomentType, title: String?, url: String?, photos: [String], createdDate: Int64) {
        self.id = id
        self.author = author
        self.type = type
        self.title = title
        self.url = url
        self.photos = photos
        self.createdDate = createdDate
    }

    public static func == (lhs: Moment, rhs: Moment) -> Bool {
        lhs === rhs || (lhs.id == rhs.id && lhs.author == rhs.author && lhs.type == rhs.type && lhs.title == rhs.title
            && lhs.url == rhs.url && lhs.photos == rhs.photos && lhs.createdDate == rhs.createdDate)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(author)
        hasher.combine(type)
        hasher.combine(title)
        hasher.combine(url)
        hasher.combine(photos)
        hasher.combine(createdDate)
    }
}
