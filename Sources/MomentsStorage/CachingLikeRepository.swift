import Moments

/// Likes from `ReadCache`: a page whose moments are all cached does no SQL;
/// otherwise only the missing moments are read, in one batch. Writes go to
/// SQLite and then drop the moment's cached likers before returning, so a
/// caller never reads its own acknowledged write stale.
final class CachingLikeRepository: LikeRepository {
    private let base: any LikeRepository
    private let cache: ReadCache

    init(base: any LikeRepository, cache: ReadCache) {
        self.base = base
        self.cache = cache
    }

    func likes(momentIDs: [String], viewerID: String) throws -> [String: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        let lookup = cache.likers(momentIDs: momentIDs)
        var result: [String: MomentLikes] = [:]
        result.reserveCapacity(momentIDs.count)
        if !lookup.misses.isEmpty {
            let missIDs = lookup.misses.map { momentIDs[$0] }
            let read = try base.likes(momentIDs: missIDs, viewerID: viewerID)
            // Likers do not depend on the viewer; the cache keeps them alone.
            let likers = cache.storeLikers(missIDs.map { read[$0]?.likers ?? [] }, momentIDs: momentIDs, lookup: lookup)
            for (id, entry) in zip(missIDs, likers) {
                result[id] = entry.likes(viewerID: viewerID)
            }
        }
        for (id, likers) in zip(momentIDs, lookup.hits) {
            if let likers { result[id] = likers.likes(viewerID: viewerID) }
        }
        return result
    }

    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        // Also after a failure: a batch whose commit failed may still have
        // reached the file (an I/O error after the WAL write), so forget what we knew.
        defer { cache.invalidateLikes(momentID: momentID) }
        try base.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
    }
}
