import Dispatch
import PostgreSQL
import SQLite

/// The store on PostgreSQL: the same repositories' contract, the same read
/// cache, kept true across instances by `LISTEN`/`NOTIFY` (docs/storage.md,
/// "PostgreSQL").
extension MomentsStore {
    /// Opens the database the location names (`DatabaseLocation`).
    package static func open(database location: DatabaseLocation, options: Options) throws -> MomentsStore {
        switch location {
        case .sqlite(let path): try open(path: path, options: options)
        case .postgreSQL(let uri): try open(postgreSQL: uri, options: options)
        case .unrecognized: throw DatabaseLocation.Unrecognized(shown: location.description)
        }
    }

    /// Opens a PostgreSQL database: an empty one gets the generated layout
    /// (and, when `seedDemoData`, the demo data) in one transaction.
    ///
    /// One connection of its own `LISTEN`s and watches the database
    /// (`PGNotificationListener`): its heartbeats keep `reachability`, which
    /// fails requests fast while the database is unreachable. With the read
    /// cache on, each notification clears that moment from this instance's
    /// cache when any instance (or any program) commits a change to it, and
    /// while listening is not confirmed within the staleness window the
    /// cache is bypassed (`ReadCache.suspend`). Open waits up to the connect
    /// timeout for it, so a healthy start begins with the cache on.
    static func open(postgreSQL uri: String, options: Options) throws -> MomentsStore {
        let settings = options.postgreSQL.connection
        let setUp = try PGConnection(uri: uri, settings: settings)
        defer { setUp.close() }
        let clock = options.clock
        try PostgreSQLSchemaInstaller.prepare(setUp, seed: options.seedDemoData ? { connection in
            try insertDemoData(into: connection, now: clock() / 1000)
        } : nil)

        let reachability = PGReachability(onChange: options.onReachabilityChange)
        let pool = PGPool(uri: uri, configuration: options.postgreSQL, reachability: reachability)
        // The standbys' own reachability, which nothing marks: a standby that fails pauses itself (`ReadRouting`).
        let standby = options.readDatabase.map { PGPool(uri: $0, configuration: options.postgreSQL) }
        let reads = ReadRouting(primary: pool, standby: standby)
        let tracing = options.tracer.map { StorageTracing(tracer: $0, system: "postgresql") }
        let waitForCommit = options.database.whileWaitingForCommit
        let likes = PostgreSQLLikeRepository(
            reads: reads, clock: clock, commits: CommitMetrics(factory: options.metrics),
            whileWaitingForCommit: tracing?.waitingForCommit(waitForCommit) ?? waitForCommit)
        let users = PostgreSQLUserRepository(reads: reads)
        let moments = PostgreSQLMomentRepository(reads: reads)
        let box = FeedBox()
        let listening = DispatchSemaphore(value: 0)
        let listener = PGNotificationListener(
            uri: uri, channels: [PostgreSQLSchema.channel, PostgreSQLSchema.positionsChannel], settings: settings,
            timing: options.notifications, reachability: reachability,
            handlers: .init(
                onNotification: { channel, payload in
                    if channel == PostgreSQLSchema.positionsChannel {
                        // `POSITION MOMENT_ID`, the moment's `likesChanged` following on the other channel; or a mark, `POSITION`.
                        guard let space = payload.utf8.firstIndex(of: UInt8(ascii: " ")) else {
                            box.feed?.changeHeard(at: payload, momentID: nil)
                            return
                        }
                        let position = String(payload[..<space])
                        box.feed?.changeHeard(at: position, momentID: String(payload[payload.utf8.index(after: space)...]))
                    } else if payload.isEmpty {
                        box.feed?.everythingChanged()
                    } else {
                        box.feed?.likesChanged(momentID: payload)
                    }
                },
                onLost: { box.feed?.changeTrackingLost() },
                onListening: {
                    box.feed?.changeTrackingRestored()
                    listening.signal()
                },
                heartbeat: reads.heartbeat, withListen: PostgreSQLSchema.positionMark))
        let store = MomentsStore(
            backend: .postgreSQL(PostgreSQLBackend(reads: reads, listener: listener)),
            users: users, moments: moments, likes: likes, cache: options.cache, firstHearing: standby.map { _ in reads },
            tracing: tracing)
        box.feed = store.changes
        listener.start()
        _ = listening.wait(timeout: .now() + .seconds(max(2, settings.connectTimeoutSeconds)))
        return store
    }

    /// The demo rows, made by the SQLite seeder in memory and copied over:
    /// one transcription of the demo data for both engines.
    static func insertDemoData(into connection: PGConnection, now: Int64) throws {
        let memory = try Connection(path: ":memory:")
        defer { memory.close() }
        try memory.executeScript(SchemaSQL.text)
        try DemoData.insert(into: memory, now: now)
        try CopyEndpoint.postgreSQL(connection).copyRows(from: .sqlite(memory))
    }

    /// Whether the read cache is on and hearing changes (false while it is bypassed).
    package var isReadCacheTracking: Bool { cache.map { !$0.isSuspended } ?? false }

    /// Whether the database answers, as last seen; nil on SQLite, whose
    /// file is always at hand.
    package var reachability: PGReachability? {
        guard case .postgreSQL(let database) = backend else { return nil }
        return database.pool.reachability
    }

    /// Where reads ran, with `--read-database`; nil without standbys.
    package var readRouting: ReadRouting.Statistics? {
        guard case .postgreSQL(let database) = backend, database.reads.standby != nil else { return nil }
        return database.reads.statistics
    }

    // MARK: The QA page on PostgreSQL

    func postgreSQLFacts(countLimit: Int) throws -> DatabaseFacts {
        guard case .postgreSQL(let database) = backend else { throw PGError.unavailable("not a PostgreSQL store") }
        return try database.pool.transaction(.snapshotRead) { connection in
            var rows: [DatabaseFacts.RowCount] = []
            for table in SchemaInstaller.requiredTables {
                let counted = try connection.query("SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT $1) AS t", [.integer(Int64(countLimit) + 1)]).int64(0, 0)
                rows.append(.init(table: table, count: min(Int(counted), countLimit), isAtLeast: Int(counted) > countLimit))
            }
            let size = try connection.query("SELECT pg_database_size(current_database())").int64(0, 0)
            return DatabaseFacts(
                pageSize: 8192, pageCount: Int(size / 8192), freePages: 0, journalMode: "postgresql",
                schemaVersion: Int(try PostgreSQLSchemaInstaller.version(connection)),
                supportedSchemaVersion: Int(SchemaInstaller.version),
                sqliteVersion: try connection.query("SHOW server_version").text(0, 0),
                rows: rows)
        }
    }

    func postgreSQLUsers(limit: Int) throws -> [(id: String, name: String)] {
        guard case .postgreSQL(let database) = backend else { return [] }
        return try database.pool.withConnection { connection in
            let rows = try connection.query("SELECT id, name FROM users ORDER BY id LIMIT $1", [.integer(Int64(limit))])
            return (0..<rows.count).map { (rows.text($0, 0), rows.text($0, 1)) }
        }
    }

    func postgreSQLResetToDemoData(now: Int64) throws {
        guard case .postgreSQL(let database) = backend else { return }
        try database.pool.transaction { connection in
            for table in LayoutTables.all.reversed() {
                try connection.executeScript("DELETE FROM \(table.name)")
            }
            try Self.insertDemoData(into: connection, now: now)
        }
    }
}

/// Lets the listener's handlers reach the store's feed, made after them.
private final class FeedBox: @unchecked Sendable {
    // Written once, before the listener starts; read by its thread only after.
    var feed: ChangeFeed?
}
