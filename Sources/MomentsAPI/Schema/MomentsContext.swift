/// The execution context of one request: the services the resolvers call,
/// and what the answer turns out to depend on (for `ResponseCache`).
///
/// One per request, used by one thread, so it is not Sendable.
package final class MomentsContext {
    let services: MomentsServices
    /// Moments whose like data the answer shows: a like on one of them makes
    /// the answer stale.
    private(set) var likedMomentIDs: [String] = []

    package init(services: MomentsServices) {
        self.services = services
    }

    /// Called when a page loads the like data of `momentIDs`.
    func showsLikes(of momentIDs: [String]) {
        likedMomentIDs.append(contentsOf: momentIDs)
    }
}
