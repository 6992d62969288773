import Locking
import Moments

/// A likes read as both engines assemble it from their rows: per moment of
/// the page (by index), its like count and its first likers' ids in like
/// order; then, for the moments whose likers were cut before the viewer
/// showed up, which of them the viewer likes; then the distinct likers'
/// profiles. Ids are matched byte for byte (`UTF8Key`), as the rows tell them apart.
struct LikesRead {
    private let limit: Int
    private var counts: [Int]
    private var likerIDs: [[String]]
    private var seen: Set<UTF8Key> = []
    private var profiles: [UTF8Key: User] = [:]
    private var likedByViewer: Set<Int> = []
    /// Each liker once, in order of appearance: whose profiles to read.
    private(set) var distinctLikers: [String] = []

    /// At most `limit` likers per moment are kept (a read may return more,
    /// liked in the same millisecond as the last one kept).
    init(momentCount: Int, limit: Int) {
        self.limit = limit
        counts = [Int](repeating: 0, count: momentCount)
        likerIDs = [[String]](repeating: [], count: momentCount)
    }

    /// A row: the moment at `index` has `count` likes, and `liker` (if any)
    /// is its next liker in like order. An index out of the page (a
    /// malformed row) is ignored.
    mutating func add(at index: Int, count: Int, liker: String?) {
        guard counts.indices.contains(index) else { return }
        counts[index] = count
        guard let liker, likerIDs[index].count < limit else { return }
        likerIDs[index].append(liker)
        if seen.insert(UTF8Key(liker)).inserted { distinctLikers.append(liker) }
    }

    /// The moments (by index) whose likers were cut and do not list
    /// `viewerID`: whether the viewer likes them takes another read.
    func undecided(viewerID: String) -> [Int] {
        let viewer = UTF8Key(viewerID)
        return counts.indices.filter { likerIDs[$0].count < counts[$0] && !likerIDs[$0].contains { UTF8Key($0) == viewer } }
    }

    mutating func setLikedByViewer(at index: Int) {
        likedByViewer.insert(index)
    }

    mutating func addProfile(_ user: User) {
        profiles[UTF8Key(user.id)] = user
    }

    /// The like data by moment id. A like whose user row is missing is
    /// dropped from the likers, as a join would drop it.
    func likesByMoment(_ momentIDs: [String], viewerID: String) -> [UTF8Key: MomentLikes] {
        let viewer = UTF8Key(viewerID)
        var result: [UTF8Key: MomentLikes] = [:]
        result.reserveCapacity(momentIDs.count)
        for (index, id) in momentIDs.enumerated() {
            let users = likerIDs[index].compactMap { profiles[UTF8Key($0)] }
            let isLiked = likedByViewer.contains(index) || likerIDs[index].contains { UTF8Key($0) == viewer }
            result[UTF8Key(id)] = MomentLikes(isLikedByViewer: isLiked, likers: users, count: counts[index])
        }
        return result
    }
}
