import Moments

/// The services the resolvers call, passed to every execution as its context.
public struct MomentsServices: Sendable {
    public var timelines: TimelineService
    public var likes: LikeService

    public init(timelines: TimelineService, likes: LikeService) {
        self.timelines = timelines
        self.likes = likes
    }
}
