/// Reads moments.
package protocol MomentRepository: Sendable {
    /// The user's profile and the moments written by the user or by a friend,
    /// newest first (created date descending, then id descending), each with
    /// its author and its photos in position order, read together from one
    /// consistent state; `nil` when no user has this id. Costs a constant
    /// number of queries and no like data.
    func timeline(userID: String) throws -> Timeline?

    /// Whether the moment exists and `viewerID` wrote it or is a friend of its author.
    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool
}
