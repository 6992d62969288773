import Locking
import Moments

/// Likes from `ReadCache`: a page whose moments are all cached does no SQL;
/// otherwise only the missing moments are read, in one batch. A moment
/// liked by more users than are kept answers `isLiked` from the cache only
/// when the viewer is among the kept ones; for the others, one more read
/// per page asks which of those moments the viewer likes. Writes go to the
/// store and then drop the moment's cached likers before returning, so a
/// caller never reads its own acknowledged write stale.
final class CachingLikeRepository: LikeRepository {
    private let base: any LikeRepository
    private let cache: ReadCache

    init(base: any LikeRepository, cache: ReadCache) {
        self.base = base
        self.cache = cache
    }

    func likes(momentIDs: [String], viewerID: String, likers limit: Int) throws -> [UTF8Key: MomentLikes] {
        let inOrder = try likesInOrder(momentIDs: momentIDs, viewerID: viewerID, likers: limit)
        return Dictionary(zip(momentIDs.lazy.map { UTF8Key($0) }, inOrder), uniquingKeysWith: { first, _ in first })
    }

    func likesInOrder(momentIDs: [String], viewerID: String, likers limit: Int) throws -> [MomentLikes] {
        guard !momentIDs.isEmpty else { return [] }
        let lookup = cache.likers(momentIDs: momentIDs, limit: limit)
        var result = [MomentLikes?](repeating: nil, count: momentIDs.count)
        if !lookup.misses.isEmpty {
            let missIDs = lookup.misses.map { momentIDs[$0] }
            let read = try base.likes(momentIDs: missIDs, viewerID: viewerID, likers: limit)
            // Likers and counts do not depend on the viewer; the cache keeps them alone.
            let entries = missIDs.map { id in
                let likes = read[UTF8Key(id)]
                return (users: likes?.likers ?? [], count: likes?.count ?? 0)
            }
            // Answered from the entries made of the read (kept or not), so that
            // each answer's snapshot is the instance later hits return.
            let likers = cache.storeLikers(entries, momentIDs: momentIDs, lookup: lookup)
            for (position, (index, entry)) in zip(lookup.misses, likers).enumerated() {
                result[index] = entry.likes(isLikedByViewer: read[UTF8Key(missIDs[position])]?.isLikedByViewer ?? false, limit: limit)
            }
        }
        var undecided: [(index: Int, likers: ReadCache.Likers)] = []
        for (index, likers) in lookup.hits.enumerated() {
            guard let likers else { continue }
            if let likes = likers.likes(viewerID: viewerID, limit: limit) {
                result[index] = likes
            } else {
                undecided.append((index, likers))
            }
        }
        if !undecided.isEmpty {
            let liked = try base.likedMoments(undecided.map { momentIDs[$0.index] }, by: viewerID)
            for (index, likers) in undecided {
                result[index] = likers.likes(isLikedByViewer: liked.contains(UTF8Key(momentIDs[index])), limit: limit)
            }
        }
        return result.map { $0 ?? .none }
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        try base.likedMoments(momentIDs, by: viewerID)
    }

    /// The cache forgets the moment when the store's change feed reports the
    /// like (`ChangeReportingLikeRepository`, around this one), before it is acknowledged.
    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        try base.setLike(momentID: momentID, userID: userID, isLiked: isLiked)
    }
}
