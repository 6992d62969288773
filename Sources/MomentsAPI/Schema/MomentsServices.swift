import Moments
import Toggles

/// The services the resolvers call, shared by every request (each execution
/// gets them inside its own `MomentsContext`).
package struct MomentsServices: Sendable {
    package var timelines: TimelineService
    package var likes: LikeService
    /// Remote toggles for `featureToggles`; the built-in state unless the server has a toggle source.
    package var toggles: FeatureToggles
    /// False while the database is known to be unreachable: operations that
    /// need it are refused before they run (fail fast). Default always true.
    package var storageIsReachable: @Sendable () -> Bool

    package init(
        timelines: TimelineService, likes: LikeService, toggles: FeatureToggles = .builtIn,
        storageIsReachable: @escaping @Sendable () -> Bool = { true }
    ) {
        self.timelines = timelines
        self.likes = likes
        self.toggles = toggles
        self.storageIsReachable = storageIsReachable
    }
}
