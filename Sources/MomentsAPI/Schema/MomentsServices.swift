import Moments

/// The services the resolvers call, shared by every request (each execution
/// gets them inside its own `MomentsContext`).
public struct MomentsServices: Sendable {
    public var timelines: TimelineService
    public var likes: LikeService

    public init(timelines: TimelineService, likes: LikeService) {
        self.timelines = timelines
        self.likes = likes
    }
}
