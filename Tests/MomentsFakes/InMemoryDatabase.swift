import Foundation
import Locking
import Moments

/// The shared state behind the in-memory repositories: the rows of
/// docs/storage.md with the same semantics as the SQLite store (ids told apart
/// and ordered byte by byte, friendships in both directions, first like kept), plus counters and an
/// injectable failure for tests.
package final class InMemoryDatabase: @unchecked Sendable {
    struct MomentRow {
        var id: String
        var authorID: String
        var type: MomentType
        var title: String?
        var url: String?
        var photos: [String]
        var createdDate: Int64
    }

    /// Calls made through the repositories, for tests that assert what was (not) read.
    package struct Counters: Sendable, Equatable {
        package var userReads = 0
        package var momentReads = 0
        package var visibilityChecks = 0
        package var likeReads = 0
        package var likeWrites = 0
    }

    private let lock = NSLock()
    // Guarded by `lock`.
    private var users: [UTF8Key: User] = [:]
    private var friends: [UTF8Key: Set<UTF8Key>] = [:]
    private var moments: [UTF8Key: MomentRow] = [:]
    /// moment id -> liker id -> liked at (Unix ms).
    private var likes: [UTF8Key: [UTF8Key: Int64]] = [:]
    private var counters = Counters()
    private var failure: (any Error)?
    private var clock: @Sendable () -> Int64

    /// `clock` gives like times in Unix milliseconds; the default is a fixed
    /// start advancing one second per call, so tests are deterministic.
    package init(clock: (@Sendable () -> Int64)? = nil) {
        if let clock {
            self.clock = clock
        } else {
            let ticks = TickingClock(startMilliseconds: 1_700_000_000_000, stepMilliseconds: 1000)
            self.clock = { ticks.next() }
        }
    }

    package var userRepository: InMemoryUserRepository { InMemoryUserRepository(database: self) }
    package var momentRepository: InMemoryMomentRepository { InMemoryMomentRepository(database: self) }
    package var likeRepository: InMemoryLikeRepository { InMemoryLikeRepository(database: self) }

    /// A `TimelineService` over this database.
    package func timelineService(pageSize: PageSize = PageSize()) -> TimelineService {
        TimelineService(users: userRepository, moments: momentRepository, likes: likeRepository, pageSize: pageSize)
    }

    /// A `LikeService` over this database.
    package func likeService(pageSize: PageSize = PageSize()) -> LikeService {
        LikeService(users: userRepository, moments: momentRepository, likes: likeRepository, pageSize: pageSize)
    }

    // MARK: Building

    package func addUser(_ user: User) {
        locked { users[UTF8Key(user.id)] = user }
    }

    /// Adds a friendship in both directions.
    package func addFriendship(_ a: String, _ b: String) {
        locked {
            friends[UTF8Key(a), default: []].insert(UTF8Key(b))
            friends[UTF8Key(b), default: []].insert(UTF8Key(a))
        }
    }

    package func addMoment(id: String, authorID: String, type: MomentType, title: String? = nil, url: String? = nil, photos: [String] = [], createdDate: Int64) {
        locked { moments[UTF8Key(id)] = MomentRow(id: id, authorID: authorID, type: type, title: title, url: url, photos: photos, createdDate: createdDate) }
    }

    package func addLike(momentID: String, userID: String, likedAt: Int64) {
        locked { likes[UTF8Key(momentID), default: [:]][UTF8Key(userID)] = likedAt }
    }

    /// Every later repository call throws `error` (until set back to nil).
    package func failEveryCall(with error: (any Error)?) {
        locked { failure = error }
    }

    package var callCounts: Counters { locked { counters } }

    /// The like time of a like, or nil when absent.
    package func likedAt(momentID: String, userID: String) -> Int64? {
        locked { likes[UTF8Key(momentID)]?[UTF8Key(userID)] }
    }

    // MARK: Repository operations

    func user(id: String) throws -> User? {
        try checked(\.userReads) { users[UTF8Key(id)] }
    }

    /// One moment read: the user and a page of the moments (as the SQLite
    /// store reads them in one transaction).
    func timeline(userID: String, page: PageRequest) throws -> Timeline? {
        try checked(\.momentReads) {
            guard let user = users[UTF8Key(userID)] else { return nil }
            let after = momentsOf(userID).filter { moment in page.after.map { $0.precedes(moment) } ?? true }
            return Timeline(user: user, moments: Array(after.prefix(page.first)), hasNextPage: after.count > page.first)
        }
    }

    /// Call with the lock held.
    private func momentsOf(_ userID: String) -> [Moment] {
        let authors = (friends[UTF8Key(userID)] ?? []).union([UTF8Key(userID)])
        return moments.values
            .filter { authors.contains(UTF8Key($0.authorID)) }
            .compactMap { row -> Moment? in
                guard let author = users[UTF8Key(row.authorID)] else { return nil }
                return Moment(id: row.id, author: author, type: row.type, title: row.title, url: row.url, photos: row.photos, createdDate: row.createdDate)
            }
            .sorted { a, b in
                a.createdDate != b.createdDate ? a.createdDate > b.createdDate : Self.bytes(b.id, precede: a.id)
            }
    }

    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try checked(\.visibilityChecks) {
            guard let row = moments[UTF8Key(momentID)] else { return false }
            let author = UTF8Key(row.authorID)
            return author == UTF8Key(viewerID) || friends[UTF8Key(viewerID)]?.contains(author) == true
        }
    }

    func likes(momentIDs: [String], viewerID: String, likers limit: Int) throws -> [UTF8Key: MomentLikes] {
        try checked(\.likeReads) {
            var result: [UTF8Key: MomentLikes] = [:]
            for id in momentIDs {
                let likes = likes[UTF8Key(id)] ?? [:]
                let likers = likes
                    .sorted { a, b in a.value != b.value ? a.value < b.value : Self.bytes(a.key.string, precede: b.key.string) }
                    .prefix(limit)
                    .compactMap { users[$0.key] }
                result[UTF8Key(id)] = MomentLikes(isLikedByViewer: likes[UTF8Key(viewerID)] != nil, likers: likers, count: likes.count)
            }
            return result
        }
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        try checked(\.likeReads) {
            Set(momentIDs.map { UTF8Key($0) }.filter { likes[$0]?[UTF8Key(viewerID)] != nil })
        }
    }

    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        try checked(\.likeWrites) {
            if isLiked {
                // The SQLite store's foreign keys refuse likes of unknown rows.
                guard moments[UTF8Key(momentID)] != nil, users[UTF8Key(userID)] != nil else {
                    throw InMemoryDatabaseError.foreignKeyViolation
                }
                if likes[UTF8Key(momentID)]?[UTF8Key(userID)] == nil {
                    likes[UTF8Key(momentID), default: [:]][UTF8Key(userID)] = clock()
                }
            } else {
                likes[UTF8Key(momentID)]?[UTF8Key(userID)] = nil
            }
        }
    }

    // MARK: Helpers

    /// SQLite compares TEXT byte-wise (BINARY collation), so do the fakes.
    static func bytes(_ a: String, precede b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    private func checked<T>(_ counter: WritableKeyPath<Counters, Int>, _ body: () throws -> T) throws -> T {
        try locked {
            counters[keyPath: counter] += 1
            if let failure { throw failure }
            return try body()
        }
    }
}

/// What the fakes refuse that SQLite's constraints would refuse too.
package enum InMemoryDatabaseError: Error, Sendable, Equatable {
    case foreignKeyViolation
}

/// A clock that starts at a fixed time and advances by a step on every reading.
package final class TickingClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Int64
    private let step: Int64

    package init(startMilliseconds: Int64, stepMilliseconds: Int64) {
        current = startMilliseconds
        step = stepMilliseconds
    }

    package func next() -> Int64 {
        lock.lock()
        defer { lock.unlock() }
        let value = current
        current += step
        return value
    }
}
