/// Reads moments.
package protocol MomentRepository: Sendable {
    /// The user's profile and a page of the moments written by the user or by
    /// a friend, newest first (created date descending, then id descending),
    /// each with its author and its photos in position order, read together
    /// from one consistent state; `nil` when no user has this id. At most
    /// `page.first` moments, those after `page.after`, and whether more
    /// follow. Costs a constant number of queries, bounded by the page and the
    /// number of friends (never by the history), and no like data.
    func timeline(userID: String, page: PageRequest) throws -> Timeline?

    /// Whether the moment exists and `viewerID` wrote it or is a friend of its author.
    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool
}
