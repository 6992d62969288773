import Moments

/// A likes read as both engines assemble it from their rows: per moment of
/// the page (by index), its count, whether the viewer likes it and its
/// likers' ids in like order; then the distinct likers' profiles.
struct LikesRead {
    private var counts: [Int]
    private var liked: [Bool]
    private var likerIDs: [[String]]
    private var seen: Set<String> = []
    private var profiles: [String: User] = [:]
    /// Each liker once, in order of appearance: whose profiles to read.
    private(set) var distinctLikers: [String] = []

    init(momentCount: Int) {
        counts = [Int](repeating: 0, count: momentCount)
        liked = [Bool](repeating: false, count: momentCount)
        likerIDs = [[String]](repeating: [], count: momentCount)
    }

    /// An index out of the page (a malformed row) is ignored.
    mutating func setCount(at index: Int, count: Int, isLiked: Bool) {
        guard counts.indices.contains(index) else { return }
        counts[index] = count
        liked[index] = isLiked
    }

    mutating func addLiker(at index: Int, id: String) {
        guard likerIDs.indices.contains(index) else { return }
        likerIDs[index].append(id)
        if seen.insert(id).inserted { distinctLikers.append(id) }
    }

    mutating func addProfile(_ user: User) {
        profiles[user.id] = user
    }

    /// The like data by moment id. A like whose user row is missing is
    /// dropped from the likers, as a join would drop it.
    func likesByMoment(_ momentIDs: [String]) -> [String: MomentLikes] {
        var result: [String: MomentLikes] = [:]
        result.reserveCapacity(momentIDs.count)
        for (index, id) in momentIDs.enumerated() {
            let users = likerIDs[index].compactMap { profiles[$0] }
            result[id] = MomentLikes(isLikedByViewer: liked[index], likers: users, count: counts[index])
        }
        return result
    }
}
