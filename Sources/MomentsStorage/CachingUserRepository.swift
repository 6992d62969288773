import Moments

/// Users from a cached timeline when there is one (the timeline holds its
/// user's profile), else from SQLite.
final class CachingUserRepository: UserRepository {
    private let base: any UserRepository
    private let cache: ReadCache

    init(base: any UserRepository, cache: ReadCache) {
        self.base = base
        self.cache = cache
    }

    func user(id: String) throws -> User? {
        try cache.cachedTimeline(userID: id)?.user ?? base.user(id: id)
    }
}
