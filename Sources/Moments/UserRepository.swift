/// Reads user profiles.
package protocol UserRepository: Sendable {
    /// The user with this id, or `nil` when there is none.
    func user(id: String) throws -> User?
}
