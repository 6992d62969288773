/// A user's timeline (`MomentsDetails`): the user, and the moments written by
/// the user or a friend, newest first (created date, then id, descending).
package struct Timeline: Sendable, Hashable {
    package var user: User
    package var moments: [Moment]

    package init(user: User, moments: [Moment]) {
        self.user = user
        self.moments = moments
    }
}
