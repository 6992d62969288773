import GraphQL
import Moments

/// One `MomentsDetails` value during one execution: a page of the timeline,
/// and its like data loaded on first use, for every moment of the page at
/// once. This is how `isLiked`, `likes` and `likesCount` cost one batched
/// read, and none when not selected. It is also the `PageInfo` source.
///
/// Sources are classes so that they travel through the executor's `Any`
/// without boxing, and resolvers cast them to a reference instead of copying
/// a struct of strings out of a box.
///
/// Lives within a single execution on a single thread, so it is not Sendable.
final class TimelinePage {
    let timeline: Timeline
    let viewerID: String
    /// The bound on `first` arguments, and the likers each moment has at most.
    let pageSize: PageSize
    private let context: MomentsContext
    /// The likes of `timeline.moments[i]` at `i`, once loaded.
    private var likesByPosition: [MomentLikes]?

    init(timeline: Timeline, viewerID: String, context: MomentsContext) {
        self.timeline = timeline
        self.viewerID = viewerID
        self.pageSize = context.services.timelines.pageSize
        self.context = context
    }

    /// The page's moments as `Moment` sources, in timeline order.
    func momentNodes() -> [AnyObject] {
        var nodes: [AnyObject] = []
        nodes.reserveCapacity(timeline.moments.count)
        for (position, moment) in timeline.moments.enumerated() {
            nodes.append(MomentNode(moment, page: self, position: position))
        }
        return nodes
    }

    /// The first `first` users who like the moment at `position`, as
    /// `UserDetails` sources (a `User` is its own source).
    func likerNodes(at position: Int, first: Int) throws -> [AnyObject] {
        // An upcast per element; `as [AnyObject]` took the runtime's dynamic
        // cast for each. The whole array when it fits, as the app's requests
        // have it: no slice to map.
        let likers = try likes(at: position).likers
        return first >= likers.count ? likers.map { $0 } : likers[..<first].map { $0 }
    }


    /// `PageInfo.endCursor`: the last moment's position, nil for an empty page.
    var endCursor: String? {
        timeline.endCursor.map(PageCursor.encode)
    }

    func likes(at position: Int) throws -> MomentLikes {
        if let likesByPosition { return likesByPosition[position] }
        let ids = timeline.moments.map(\.id)
        context.showsLikes(of: ids)
        let byPosition = try context.services.timelines.likesInOrder(momentIDs: ids, viewerID: viewerID)
        likesByPosition = byPosition
        return byPosition[position]
    }
}

/// The source value of a `Moment` field: a moment of a page and its position there.
final class MomentNode {
    let moment: Moment
    let page: TimelinePage
    let position: Int

    init(_ moment: Moment, page: TimelinePage, position: Int) {
        self.moment = moment
        self.page = page
        self.position = position
    }

    /// The fields whose values come from the page's like data rather than from `moment`.
    static let likeFields = ["isLiked", "likes", "likesCount"]

    /// `Moment`'s `FragmentKey`: everything a `Moment` field reads. The
    /// moment (an immutable instance: its author, text, photos and date);
    /// and, when a like field is selected, the like data's snapshot (the
    /// likers and the count as read, `MomentLikes.snapshot`), how many
    /// likers the page shows, and whether the viewer likes it. Like data
    /// without a snapshot is not keyed. Nothing else may feed a `Moment`
    /// field (or its `UserDetails`) without joining this key: the fragment
    /// cache's integration test compares answers with and without it.
    @Sendable
    static func fragmentKey(_ source: AnyObject, _ selection: FragmentSelection) throws -> FragmentKey? {
        let node = try node(source, as: MomentNode.self)
        guard selection.includesAny(of: likeFields) else { return FragmentKey(node.moment) }
        let likes = try node.page.likes(at: node.position)
        guard let snapshot = likes.snapshot else { return nil }
        return FragmentKey(node.moment, snapshot, value: likes.likers.count, detail: likes.isLikedByViewer ? 1 : 0)
    }
}
