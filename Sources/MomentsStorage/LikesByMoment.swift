import Moments

/// The last step of a likes read, the same on both engines: each moment's
/// likers in like order, as profiles. A like whose user row is missing is
/// dropped, as a join would drop it.
func likesByMoment(
    _ momentIDs: [String], likerIDs: [[String]], profiles: [String: User], viewerID: String
) -> [String: MomentLikes] {
    var result: [String: MomentLikes] = [:]
    result.reserveCapacity(momentIDs.count)
    for (index, id) in momentIDs.enumerated() {
        let users = likerIDs[index].compactMap { profiles[$0] }
        result[id] = users.isEmpty
            ? MomentLikes.none
            : MomentLikes(isLikedByViewer: users.contains { $0.id == viewerID }, likers: users)
    }
    return result
}
