/// Reads moments.
public protocol MomentRepository: Sendable {
    /// The user's profile and timeline (as `timelineMoments`) read together,
    /// from one consistent state; `nil` when no user has this id. Costs a
    /// constant number of queries and no like data.
    func timeline(userID: String) throws -> Timeline?

    /// The moments written by `userID` or by a friend of `userID`, newest first
    /// (created date descending, then id descending), each with its author and
    /// its photos in position order. Costs a constant number of queries.
    func timelineMoments(userID: String) throws -> [Moment]

    /// Whether the moment exists and `viewerID` wrote it or is a friend of its author.
    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool
}
