import Moments
import MomentsFakes
import PostgreSQL
@testable import MomentsStorage
import TestSupport

/// A store on a fresh database of the test process's PostgreSQL server,
/// seeded at the same fixed time as `TestStore`, with every statement its
/// pooled connections send recorded (the notification connection's are not).
struct PostgreSQLTestStore {
    let uri: String
    let store: MomentsStore
    let statements: Recorder

    init(uri existing: String? = nil, seedDemoData: Bool = true, cache: ReadCacheConfiguration = ReadCacheConfiguration(),
         notifications: PGNotificationListener.Timing = PGNotificationListener.Timing()) throws {
        uri = try existing ?? PostgreSQLServer.shared().makeDatabase()
        let statements = Recorder()
        self.statements = statements
        let clock = TickingClock(startMilliseconds: TestStore.now * 1000, stepMilliseconds: 1000)
        var options = MomentsStore.Options(seedDemoData: seedDemoData, clock: { clock.next() }, cache: cache)
        options.postgreSQL.connection.statementObserver = { statements.append($0) }
        options.notifications = notifications
        store = try MomentsStore.open(database: .postgreSQL(uri: uri), options: options)
    }

    var timelines: TimelineService { TimelineService(users: store.users, moments: store.moments, likes: store.likes) }
    var likeService: LikeService { LikeService(users: store.users, moments: store.moments, likes: store.likes) }

    /// A plain connection for checking what the database holds. Its statements
    /// may take a minute (`VACUUM ANALYZE` on a machine busy with the other
    /// tests outlasted the server's 5 s): they set up and check, they are not measured.
    func inspect<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings(statementTimeoutMilliseconds: 60_000))
        defer { connection.close() }
        return try body(connection)
    }
}
