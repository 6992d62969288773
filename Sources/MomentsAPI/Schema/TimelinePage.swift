import Moments

/// One `MomentsDetails` value during one execution: the timeline, and its like
/// data loaded on first use, for every moment of the page at once. This is how
/// `isLiked` and `likes` cost one batched read, and none when not selected.
///
/// Lives within a single execution on a single thread, so it is not Sendable.
final class TimelinePage {
    let timeline: Timeline
    let viewerID: String
    private let service: TimelineService
    private var likesByMoment: [String: MomentLikes]?

    init(timeline: Timeline, viewerID: String, service: TimelineService) {
        self.timeline = timeline
        self.viewerID = viewerID
        self.service = service
    }

    func likes(of momentID: String) throws -> MomentLikes {
        if let likesByMoment { return likesByMoment[momentID] ?? .none }
        let loaded = try service.likes(momentIDs: timeline.moments.map(\.id), viewerID: viewerID)
        likesByMoment = loaded
        return loaded[momentID] ?? .none
    }
}

/// The source value of a `Moment` field: the moment and the page it belongs to.
struct MomentNode {
    let moment: Moment
    let page: TimelinePage
}
