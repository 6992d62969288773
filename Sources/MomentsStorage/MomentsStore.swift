import CoreMetrics
import Moments
import PostgreSQL
import SQLite
import Tracing

/// The Moments database: one file, one writer, a pool of readers, and the
/// repositories over them. The entry point of `MomentsStorage`.
package final class MomentsStore: Sendable {
    /// How the store opens its file.
    package struct Options: Sendable {
        /// Seed a new database with the demo data (docs/storage.md, "Demo data"). Default true.
        package var seedDemoData: Bool
        /// Connection settings: reader connections, busy timeout, write batch size, ...
        package var database: DatabaseConfiguration
        /// The time in Unix milliseconds: like times, and "now" for the demo data. Default the wall clock.
        package var clock: @Sendable () -> Int64
        /// The in-process read cache (on by default; see `ReadCacheConfiguration`).
        package var cache: ReadCacheConfiguration
        /// On PostgreSQL: the connection pool's bounds and each connection's timeouts.
        package var postgreSQL = PGPoolConfiguration()
        /// On PostgreSQL: how the change-notification connection checks itself.
        package var notifications = PGNotificationListener.Timing()
        /// PostgreSQL: the standbys reads may go to (`--read-database`), as a libpq connection string.
        package var readDatabase: String?
        /// On PostgreSQL: told of each change of the database's reachability (a log line each).
        package var onReachabilityChange: @Sendable (PGReachability.Change) -> Void = { _ in }
        /// Where the commit metrics go (`CommitMetrics`); by default nowhere.
        package var metrics: any MetricsFactory = NOOPMetricsHandler.instance
        /// Spans of the database's work (`StorageTracing`); nil when traces are off.
        package var tracer: (any Tracer)?

        /// Reader connections (concurrent reads): `database.readers`.
        package var readers: Int {
            get { database.readers }
            set { database.readers = newValue }
        }

        /// One per online core, at least 2 (`DatabaseConfiguration.defaultReaders`).
        package static let defaultReaders = DatabaseConfiguration.defaultReaders

        /// `readers`, when given, replaces `database.readers`.
        package init(
            readers: Int? = nil,
            seedDemoData: Bool = true,
            database: DatabaseConfiguration = DatabaseConfiguration(),
            clock: @escaping @Sendable () -> Int64 = { WallClock.nowMilliseconds() },
            cache: ReadCacheConfiguration = ReadCacheConfiguration()
        ) {
            self.seedDemoData = seedDemoData
            self.database = database
            if let readers { self.database.readers = readers }
            self.clock = clock
            self.cache = cache
        }
    }

    /// The engine under the repositories.
    enum Backend: Sendable {
        case sqlite(DatabasePool)
        case postgreSQL(PostgreSQLBackend)
    }

    let backend: Backend
    package let users: any UserRepository
    package let moments: any MomentRepository
    package let likes: any LikeRepository

    /// The read cache, when enabled.
    let cache: ReadCache?
    /// Every change to data that reads returned (`ChangeFeed`); the read cache hears it first.
    let changes: ChangeFeed

    private convenience init(
        pool: DatabasePool, clock: @escaping @Sendable () -> Int64, cache configuration: ReadCacheConfiguration, tracing: StorageTracing?
    ) {
        self.init(
            backend: .sqlite(pool), users: SQLiteUserRepository(pool: pool), moments: SQLiteMomentRepository(pool: pool),
            likes: SQLiteLikeRepository(pool: pool, clock: clock), cache: configuration, tracing: tracing)
        // The contract serves a file other programs may write: their commits
        // reach the feed within one interval (and before our next write returns).
        pool.monitorExternalChanges(intervalMilliseconds: configuration.externalChangeCheckIntervalMilliseconds) { [weak changes] in
            changes?.everythingChanged()
        }
    }

    /// The repositories of either engine, behind the read cache when it is
    /// enabled; every like reported to the change feed.
    /// `firstHearing` hears every change before the read cache does: what
    /// decides where a read runs must know of a change before the cache that
    /// a read would refill has dropped it.
    /// With `tracing`, each repository call that reaches the database is a span (below the read cache).
    init(
        backend: Backend, users: any UserRepository, moments: any MomentRepository, likes: any LikeRepository,
        cache configuration: ReadCacheConfiguration, firstHearing: (any DataChangeObserver)? = nil, tracing: StorageTracing? = nil
    ) {
        var (users, moments, likes) = (users, moments, likes)
        if let tracing {
            users = TracedUserRepository(base: users, tracing: tracing)
            moments = TracedMomentRepository(base: moments, tracing: tracing)
            likes = TracedLikeRepository(base: likes, tracing: tracing)
        }
        self.backend = backend
        // SQLite's changes are all this process's writes: the feed numbers them. PostgreSQL's carry positions.
        if case .sqlite = backend { changes = ChangeFeed(numbersLocalChanges: true) } else { changes = ChangeFeed(numbersLocalChanges: false) }
        if let firstHearing { changes.subscribe(firstHearing) }
        guard configuration.isEnabled else {
            (self.users, self.moments, self.cache) = (users, moments, nil)
            self.likes = ChangeReportingLikeRepository(base: likes, feed: changes)
            return
        }
        let cache = ReadCache(timelineCapacity: configuration.timelineCapacity, likersCapacity: configuration.momentLikesCapacity)
        self.users = CachingUserRepository(base: users, cache: cache)
        self.moments = CachingMomentRepository(base: moments, cache: cache, headLength: configuration.timelineLength)
        self.likes = ChangeReportingLikeRepository(base: CachingLikeRepository(base: likes, cache: cache), feed: changes)
        self.cache = cache
        changes.subscribe(cache)
    }

    /// Opens the database at `path`. A file that does not exist or is empty
    /// gets `schema.sql` and (when `seedDemoData`) the demo data; a file that
    /// already has the contract's tables is served as it is.
    package static func open(path: String, readers: Int = DatabaseConfiguration.defaultReaders, seedDemoData: Bool = true) throws -> MomentsStore {
        try open(path: path, options: Options(readers: readers, seedDemoData: seedDemoData))
    }

    package static func open(path: String, options: Options) throws -> MomentsStore {
        var configuration = options.database
        let commits = CommitMetrics(factory: options.metrics)
        configuration.commitObserver = { commits.committed(operations: $0, duration: $1) }
        let tracing = options.tracer.map { StorageTracing(tracer: $0, system: "sqlite") }
        if let tracing {
            configuration.whileWaitingForCommit = tracing.waitingForCommit(configuration.whileWaitingForCommit)
            configuration.commitWaited = { tracing.committed($0) }
        }
        let clock = options.clock
        let seed: ((Connection) throws -> Void)? = options.seedDemoData
            ? { connection in try DemoData.insert(into: connection, now: clock() / 1000) }
            : nil
        let pool = try DatabasePool(path: path, configuration: configuration) { connection in
            try SchemaInstaller.prepare(connection, seed: seed)
        }
        return MomentsStore(pool: pool, clock: clock, cache: options.cache, tracing: tracing)
    }

    /// Tells `observer` when data that reads returned has changed: a like or
    /// unlike of a moment committed (told before the write returns, so before
    /// it is acknowledged), another program changed the file (told within
    /// `externalChangeCheckIntervalMilliseconds`), or on PostgreSQL any
    /// instance's like (`LISTEN`) and the loss and return of that connection.
    /// Whatever the read cache's settings (`ChangeFeed`).
    package func observeChanges(_ observer: any DataChangeObserver) {
        changes.subscribe(observer)
    }

    /// Why the store cannot serve now; nil when it can. From state, never a
    /// query: on PostgreSQL, the database unreachable (`PGReachability`) and
    /// since when; SQLite's file is always at hand.
    package var unavailability: Unavailability? {
        guard let state = reachability?.snapshot, !state.isReachable else { return nil }
        return Unavailability(seconds: state.since.duration(to: .now).components.seconds, reason: state.reason ?? "unknown")
    }

    /// The database unreachable, in two forms: `summary` for anyone
    /// (`/readyz`: a probe needs the state and its duration), `description`
    /// with the driver's message for the log and the token-guarded
    /// `/internal/facts` (libpq's names host, address, user and database).
    package struct Unavailability: Sendable, CustomStringConvertible {
        package var seconds: Int64
        package var reason: String

        package var summary: String { "database unreachable for \(seconds) s" }
        package var description: String { "\(summary) (\(reason))" }
    }

    /// Closes the database; pending writes finish first, later calls throw.
    package func close() {
        switch backend {
        case .sqlite(let pool): pool.close()
        case .postgreSQL(let database): database.close()
        }
    }
}
