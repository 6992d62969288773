import Locking

package enum MomentType: String, Sendable, Hashable {
    case url = "URL"
    case photos = "PHOTOS"
}

/// A post on a timeline, with its author and photos; likes are read separately,
/// and only when asked for.
///
/// An immutable class for the reason `User` is one: timelines share their
/// moments with the cache and with every answer built from them, one retain
/// each. Equality and hashing are by value, byte for byte as `User`'s.
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
        lhs === rhs || (UTF8Key(lhs.id) == UTF8Key(rhs.id) && lhs.author == rhs.author && lhs.type == rhs.type
            && UTF8Key.same(lhs.title, rhs.title) && UTF8Key.same(lhs.url, rhs.url) && UTF8Key.same(lhs.photos, rhs.photos)
            && lhs.createdDate == rhs.createdDate)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(UTF8Key(id))
        hasher.combine(author)
        hasher.combine(type)
        hasher.combine(title.map { UTF8Key($0) })
        hasher.combine(url.map { UTF8Key($0) })
        hasher.combine(photos.count)
        for photo in photos { hasher.combine(UTF8Key(photo)) }
        hasher.combine(createdDate)
    }
}
