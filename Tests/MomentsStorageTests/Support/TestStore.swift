import Moments
import MomentsFakes
import SQLite
@testable import MomentsStorage
import TestSupport

/// A store on a fresh file in its own temp directory, seeded at a fixed time,
/// with every statement its connections run recorded.
struct TestStore {
    static let now = InMemoryDatabase.demoNow

    let directory: TemporaryDirectory
    let store: MomentsStore
    let statements: Recorder
    let path: String

    /// `cache` defaults to the production setting (on); the writer's
    /// external-change checks are not recorded (they run on a timer).
    init(seedDemoData: Bool = true, readers: Int = 2, cache: ReadCacheConfiguration = ReadCacheConfiguration(),
         prepare: ((String) throws -> Void)? = nil) throws {
        directory = try TemporaryDirectory()
        path = directory.file("moments.sqlite")
        try prepare?(path)
        let statements = Recorder()
        self.statements = statements
        let clock = TickingClock(startMilliseconds: Self.now * 1000, stepMilliseconds: 1000)
        store = try MomentsStore.open(path: path, options: MomentsStore.Options(
            readers: readers,
            seedDemoData: seedDemoData,
            database: DatabaseConfiguration(prepareConnection: { connection in
                try connection.setStatementObserver { sql in
                    if sql != DatabasePool.externalChangeCheckSQL { statements.append(sql) }
                }
            }),
            clock: { clock.next() },
            cache: cache
        ))
    }

    var timelines: TimelineService { TimelineService(users: store.users, moments: store.moments, likes: store.likes) }
    var likeService: LikeService { LikeService(users: store.users, moments: store.moments, likes: store.likes) }

    /// A separate plain connection to the same file, for checking what is on disk.
    func inspect<T>(_ body: (Connection) throws -> T) throws -> T {
        let connection = try Connection(path: path, mode: .readWrite)
        defer { connection.close() }
        return try body(connection)
    }

    func likedAt(momentID: String, userID: String) throws -> Int64? {
        try inspect { connection in
            guard case .integer(let value)? = try connection.scalar(
                "SELECT liked_at FROM moment_likes WHERE moment_id = ?1 AND user_id = ?2", [.text(momentID), .text(userID)]
            ) else { return nil }
            return value
        }
    }
}
