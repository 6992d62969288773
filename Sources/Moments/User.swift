import Locking

/// A user's public profile.
///
/// An immutable class rather than a struct: a profile appears many times in
/// one answer (as an author, as a liker) and in many cached timelines, and a
/// reference is shared with one retain where a struct of four strings would
/// copy four. Equality and hashing are by value, byte for byte (`UTF8Key`):
/// two profiles the stores hold apart are never taken for one another.
package final class User: Sendable, Hashable {
    package let id: String
    package let name: String
    package let avatar: String
    package let backgroundImage: String

    package init(id: String, name: String, avatar: String, backgroundImage: String) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.backgroundImage = backgroundImage
    }

    package static func == (lhs: User, rhs: User) -> Bool {
        lhs === rhs || (UTF8Key(lhs.id) == UTF8Key(rhs.id) && UTF8Key(lhs.name) == UTF8Key(rhs.name)
            && UTF8Key(lhs.avatar) == UTF8Key(rhs.avatar) && UTF8Key(lhs.backgroundImage) == UTF8Key(rhs.backgroundImage))
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(UTF8Key(id))
        hasher.combine(UTF8Key(name))
        hasher.combine(UTF8Key(avatar))
        hasher.combine(UTF8Key(backgroundImage))
    }
}
