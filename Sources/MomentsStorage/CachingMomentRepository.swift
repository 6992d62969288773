import Moments

/// Timeline pages from `ReadCache`, read through on a miss. Users,
/// friendships, moments and photos never change through the API, so a
/// cached timeline head stays valid until another process changes the data.
///
/// Each user's head is the first `headLength` moments (the default page):
/// a first page, and any page within the head, is answered from memory;
/// deeper pages are read from the store each time (their cost follows the
/// page, and caching every cursor would let clients fill the cache).
final class CachingMomentRepository: MomentRepository {
    private let base: any MomentRepository
    private let cache: ReadCache
    private let headLength: Int

    init(base: any MomentRepository, cache: ReadCache, headLength: Int) {
        self.base = base
        self.cache = cache
        self.headLength = headLength
    }

    func timeline(userID: String, page: PageRequest) throws -> Timeline? {
        switch cache.timeline(userID: userID) {
        case .hit(let head):
            if let answer = head.page(page) { return answer }
            return try base.timeline(userID: userID, page: page)
        case .miss(let ticket):
            guard page.after == nil else { return try base.timeline(userID: userID, page: page) }
            // Unknown users are not remembered: a flood of bad ids cannot evict real timelines.
            let first = PageRequest(first: max(headLength, page.first))
            guard let head = try base.timeline(userID: userID, page: first) else { return nil }
            let stored = cache.storeTimeline(head, userID: userID, ticket: ticket)
            // The head holds the first page whole: it always answers.
            return try stored.page(page) ?? base.timeline(userID: userID, page: page)
        }
    }

    /// A cached head holds the newest moments its user may see (their own
    /// and their friends'), which is this visibility rule as far as it goes.
    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        if let known = cache.cachedTimeline(userID: viewerID)?.contains(momentID: momentID) {
            return known
        }
        return try base.isMoment(momentID, visibleTo: viewerID)
    }
}
