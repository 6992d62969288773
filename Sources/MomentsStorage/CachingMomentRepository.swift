import Moments

/// Timelines from `ReadCache`, read through to SQLite on a miss. Users,
/// friendships, moments and photos never change through the API, so a
/// cached timeline stays valid until another process changes the file.
final class CachingMomentRepository: MomentRepository {
    private let base: any MomentRepository
    private let cache: ReadCache

    init(base: any MomentRepository, cache: ReadCache) {
        self.base = base
        self.cache = cache
    }

    func timeline(userID: String) throws -> Timeline? {
        switch cache.timeline(userID: userID) {
        case .hit(let timeline):
            return timeline
        case .miss(let epoch):
            // Unknown users are not remembered: a flood of bad ids cannot evict real timelines.
            guard let timeline = try base.timeline(userID: userID) else { return nil }
            return cache.storeTimeline(timeline, userID: userID, epoch: epoch)
        }
    }

    /// A cached timeline holds exactly the moments its user may see (their
    /// own and their friends'), which is this visibility rule.
    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        if let timeline = cache.cachedTimeline(userID: viewerID) {
            return timeline.moments.contains { $0.id == momentID }
        }
        return try base.isMoment(momentID, visibleTo: viewerID)
    }
}
