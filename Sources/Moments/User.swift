/// A user's public profile.
///
/// An immutable class rather than a struct: a profile appears many times in
/// one answer (as an author, as a liker) and in many cached timelines, and a
/// reference is shared with one retain where a struct of four strings would
/// copy four. Equality and hashing are by value.
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
        lhs === rhs || (lhs.id == rhs.id && lhs.name == rhs.name && lhs.avatar == rhs.avatar
            && lhs.backgroundImage == rhs.backgroundImage)
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(avatar)
        hasher.combine(backgroundImage)
    }
}
