/// A user's public profile.
public struct User: Sendable, Hashable {
    public var id: String
    public var name: String
    public var avatar: String
    public var backgroundImage: String

    public init(id: String, name: String, avatar: String, backgroundImage: String) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.backgroundImage = backgroundImage
    }
}
