/// A database file served by one writer connection and a pool of readers.
///
/// WAL mode lets readers run while a write is in progress, each reading the
/// last committed state; writes go through `WriteQueue`, which group-commits
/// them with `synchronous=FULL`, so a write that returned survives a crash or
/// power loss. The API is synchronous: callers are handler threads.
package final class DatabasePool: Sendable {
    private let readers: ReaderPool
    private let writer: WriteQueue

    /// Opens `path` (creating it), configures the writer, runs `setUp` on it
    /// (install a schema, seed data) before any reader opens, then opens the readers.
    package init(
        path: String,
        configuration: DatabaseConfiguration = DatabaseConfiguration(),
        setUp: (Connection) throws -> Void = { _ in }
    ) throws {
        precondition(configuration.readers > 0, "a pool needs at least one reader")
        let writerConnection = try Connection(path: path, mode: .readWriteCreate)
        try Self.configure(writerConnection, configuration: configuration, role: .writer)
        try setUp(writerConnection)
        var readerBoxes: [ConnectionBox] = []
        for _ in 0..<configuration.readers {
            let reader = try Connection(path: path, mode: .readWrite)
            try Self.configure(reader, configuration: configuration, role: .reader)
            readerBoxes.append(ConnectionBox(reader))
        }
        self.readers = ReaderPool(readerBoxes)
        self.writer = WriteQueue(
            connection: ConnectionBox(writerConnection), maxBatch: configuration.maxWriteBatch,
            whileWaiting: configuration.whileWaitingForCommit,
            commitObserver: configuration.commitObserver,
            commitWaited: configuration.commitWaited
        )
    }

    /// Runs `body` on a reader checked out of the pool for its duration.
    /// Never waits for a write to finish; reads the last committed state.
    package func read<T>(_ body: (Connection) throws -> T) throws -> T {
        try readers.read(body)
    }

    /// Runs `body` on a pooled reader inside one read transaction (`BEGIN
    /// DEFERRED ... COMMIT`): every statement sees the same committed state,
    /// and the WAL read lock is taken once instead of once per statement.
    package func readTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
        try readers.read { connection in
            try connection.transaction(.deferred) { try body(connection) }
        }
    }

    /// Runs `body` on the writer inside the next group-committed transaction
    /// and returns once that transaction is durable. If `body` throws, its
    /// changes alone are rolled back and the error is rethrown. Past
    /// `deadline` the caller stops waiting and gets
    /// `SQLiteError.commitNotInTime`: the write stays queued and may still
    /// commit. Must not be called from inside another `write`.
    package func write<T: Sendable>(
        until deadline: ContinuousClock.Instant? = nil, _ body: @escaping @Sendable (Connection) throws -> T
    ) throws -> T {
        try writer.write(until: deadline, body)
    }

    /// Calls `onChange` (on the writer's queue) when another connection,
    /// normally another process, has committed to the file since the last
    /// check. Checked after every write batch, before its writers return, and
    /// every `intervalMilliseconds`; our own writes never trigger it (see
    /// `ExternalChangeMonitor`). For caches of what the file holds.
    package func monitorExternalChanges(intervalMilliseconds: Int, onChange: @escaping @Sendable () -> Void) {
        writer.monitorExternalChanges(intervalMilliseconds: intervalMilliseconds, onChange: onChange)
    }

    /// The statement the external-change monitor runs on the writer, so tests
    /// that record statements can leave it out.
    package static let externalChangeCheckSQL = ExternalChangeMonitor.sql

    /// Writes waiting for the next batch (tests use it to observe group commit).
    var pendingWriteCount: Int { writer.pendingCount }

    /// Closes every connection: pending writes finish first; later calls throw.
    package func close() {
        writer.close()
        readers.close()
    }

    private enum Role { case writer, reader }

    private static func configure(_ connection: Connection, configuration: DatabaseConfiguration, role: Role) throws {
        try connection.executeScript("PRAGMA busy_timeout = \(configuration.busyTimeoutMilliseconds)")
        try connection.executeScript("PRAGMA foreign_keys = ON")
        precondition(configuration.mmapSizeBytes >= 0 && configuration.cacheSizeKiB > 0, "sizes are positive")
        try connection.executeScript("""
            PRAGMA mmap_size = \(configuration.mmapSizeBytes);
            PRAGMA cache_size = -\(configuration.cacheSizeKiB);
            PRAGMA temp_store = MEMORY;
            """)
        switch role {
        case .writer:
            // WAL: readers never block the writer and the writer never blocks readers.
            let mode = try connection.scalar("PRAGMA journal_mode = WAL")
            guard mode == .text("wal") else {
                throw SQLiteError(extendedCode: 1, message: "could not switch to WAL mode (got \(String(describing: mode)))", sql: "PRAGMA journal_mode = WAL")
            }
            // FULL in WAL mode syncs the WAL on every commit: an acknowledged
            // write survives power loss (NORMAL would only survive a process crash).
            try connection.executeScript("PRAGMA synchronous = FULL")
        case .reader:
            try connection.executeScript("PRAGMA query_only = ON")
        }
        try configuration.prepareConnection?(connection)
    }
}
