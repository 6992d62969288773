import HTTP1
import GraphQL
import Locking

/// The execution context of one request: the services the resolvers call,
/// and what the answer turns out to depend on (for `ResponseCache`).
///
/// One per request, used by one thread, so it is not Sendable.
package final class MomentsContext {
    let services: MomentsServices
    /// The HTTP request, for `featureToggles`; nil outside HTTP.
    package var request: HTTPRequest?
    /// What `featureToggles` reads from the request: built only by a request
    /// that selects it, so no other request pays for its header lookups.
    package var toggleRequest: ToggleRequest? { request.map(ToggleRequest.init) }
    /// Set when the answer evaluated toggles: it then depends on headers and
    /// the client's address, so it is never kept in the response cache.
    package var evaluatedToggles = false
    /// Moments whose like data the answer shows: a like on one of them makes
    /// the answer stale.
    private(set) var likedMomentIDs: [String] = []

    /// The authenticated user (the bearer token's subject); nil when
    /// authentication is off and `userID` arguments are taken as they come.
    let viewerID: String?

    package init(services: MomentsServices, viewerID: String? = nil) {
        self.services = services
        self.viewerID = viewerID
    }

    /// With authentication on, a request acts only as its token's subject:
    /// another `userID` is a `FORBIDDEN` error on that field. "Another" is
    /// byte for byte (`UTF8Key`), as the stores tell users apart: a token for
    /// "Jos\u{E9}" does not act as "Jose\u{301}". A subject that may not be
    /// an id (`MomentsID`) is `BAD_USER_INPUT`, whatever the `userID`.
    func authorize(userID: String) throws(GraphQLError) {
        guard let viewerID = try checkedViewerID() else { return }
        if UTF8Key(viewerID) != UTF8Key(userID) {
            throw GraphQLError("Not allowed: the token's user is not userID \"\(userID.prefix(64))\".", code: .forbidden)
        }
    }

    /// `viewerID` as resolvers may use it: `BAD_USER_INPUT` when it may not be an id (`MomentsID`).
    func checkedViewerID() throws(GraphQLError) -> String? {
        guard let viewerID else { return nil }
        return try MomentsID.checked(viewerID, argument: "The bearer token's subject")
    }

    /// Called when a page loads the like data of `momentIDs`.
    func showsLikes(of momentIDs: [String]) {
        likedMomentIDs.append(contentsOf: momentIDs)
    }
}
