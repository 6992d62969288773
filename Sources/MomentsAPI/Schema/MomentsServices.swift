import Moments

/// The services the resolvers call, shared by every request (each execution
/// gets them inside its own `MomentsContext`).
package struct MomentsServices: Sendable {
    package var timelines: TimelineService
    package var likes: LikeService

    package init(timelines: TimelineService, likes: LikeService) {
        self.timelines = timelines
        self.likes = likes
    }
}
