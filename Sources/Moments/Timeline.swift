/// A user's timeline (`MomentsDetails`): the user, and the moments written by
/// the user or a friend, newest first (created date, then id, descending).
public struct Timeline: Sendable, Hashable {
    public var user: User
    public var moments: [Moment]

    public init(user: User, moments: [Moment]) {
        self.user = user
        self.moments = moments
    }
}
