package enum MomentType: String, Sendable, Hashable {
    case url = "URL"
    case photos = "PHOTOS"
}

/// A post on a timeline, with its author and photos; likes are read separately,
/// and only when asked for.
///
/// An immutable class for the reason `User` is one: timelines share their
/// moments with the cache and with every answer built from them, one retain
/// each. Equality and hashing are by value.
package final class Moment: Sendable, Hashable {
    package let id: String
    package let author: User
    package let type: MomentType
    package let title: String?
    package let url: String?
    /// Photo URLs in position order.
    package let photos: [String]
    /// Creation time in whole Unix seconds.
    package let createdDate: Int64

    package init(id: String, author: User, type: MomentType, title: String?, url: String?, photos: [String], createdDate: Int64) {
        self.id = id
        self.author = author
        self.type = type
        self.title = title
        self.url = url
        self.photos = photos
        self.createdDate = createdDate
    }

    package static func == (lhs: Moment, rhs: Moment) -> Bool {
        lhs === rhs || (lhs.id == rhs.id && lhs.author == rhs.author && lhs.type == rhs.type && lhs.title == rhs.title
            && lhs.url == rhs.url && lhs.photos == rhs.photos && lhs.createdDate == rhs.createdDate)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(author)
        hasher.combine(type)
        hasher.combine(title)
        hasher.combine(url)
        hasher.combine(photos)
        hasher.combine(createdDate)
    }
}
