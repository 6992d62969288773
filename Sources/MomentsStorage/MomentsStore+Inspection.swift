import SQLite

/// What the internal QA page shows of the database, and its reset to the
/// demo data. Every read here is bounded, so the page costs about what a
/// timeline costs whatever the file holds.
extension MomentsStore {
    /// Facts about the open file, from SQLite itself.
    package struct DatabaseFacts: Sendable {
        package struct RowCount: Sendable {
            package var table: String
            /// Rows counted, at most the limit asked for.
            package var count: Int
            /// The table has more rows than were counted.
            package var isAtLeast: Bool
        }

        package var pageSize: Int
        package var pageCount: Int
        package var freePages: Int
        package var journalMode: String
        /// `PRAGMA user_version` of the file (0: written by another program in the contract's layout).
        package var schemaVersion: Int
        /// The version `schema.sql` writes, the newest this binary reads.
        package var supportedSchemaVersion: Int
        package var sqliteVersion: String
        package var rows: [RowCount]
    }

    /// The file's facts; each table's rows are counted up to `countLimit`
    /// (a count is a scan: a million-row table would cost tens of ms).
    package func databaseFacts(countLimit: Int) throws -> DatabaseFacts {
        guard case .sqlite(let pool) = backend else { return try postgreSQLFacts(countLimit: countLimit) }
        return try pool.readTransaction { connection in
            func integer(_ sql: String) throws -> Int {
                guard case .integer(let value)? = try connection.scalar(sql) else { return 0 }
                return Int(value)
            }
            func text(_ sql: String) throws -> String {
                guard case .text(let value)? = try connection.scalar(sql) else { return "" }
                return value
            }
            var rows: [DatabaseFacts.RowCount] = []
            for table in SchemaInstaller.requiredTables {
                // The names are our constants, never input.
                guard case .integer(let counted)? = try connection.scalar(
                    "SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT ?)", [.integer(Int64(countLimit) + 1)])
                else { continue }
                rows.append(.init(table: table, count: min(Int(counted), countLimit), isAtLeast: Int(counted) > countLimit))
            }
            return DatabaseFacts(
                pageSize: try integer("PRAGMA page_size"),
                pageCount: try integer("PRAGMA page_count"),
                freePages: try integer("PRAGMA freelist_count"),
                journalMode: try text("PRAGMA journal_mode"),
                schemaVersion: Int(try SchemaInstaller.userVersion(connection)),
                supportedSchemaVersion: Int(SchemaInstaller.version),
                sqliteVersion: try text("SELECT sqlite_version()"),
                rows: rows)
        }
    }

    /// The first `limit` users by id (id, name): the viewers the QA page offers.
    package func someUsers(limit: Int) throws -> [(id: String, name: String)] {
        guard case .sqlite(let pool) = backend else { return try postgreSQLUsers(limit: limit) }
        return try pool.read { connection in
            try connection.withStatement("SELECT id, name FROM users ORDER BY id LIMIT ?", [.integer(Int64(limit))]) { statement in
                var users: [(id: String, name: String)] = []
                try statement.forEachRow { row in users.append((row.text(at: 0), row.text(at: 1))) }
                return users
            }
        }
    }

    /// Entries in the read cache (timelines, moments' likers); nil when it is off.
    package var readCacheCounts: (timelines: Int, likers: Int)? { cache?.counts }

    /// Read-cache hits and misses since start; nil when it is off.
    package var readCacheStatistics: ReadCacheStatistics? { cache?.statistics }

    /// Replaces every row of the contract's tables with the demo data (times
    /// relative to `now`, Unix seconds), in one transaction, then tells the
    /// change feed (the caches clear, streams read their pages again). For the QA page's reset only.
    package func resetToDemoData(now: Int64 = WallClock.nowMilliseconds() / 1000) throws {
        guard case .sqlite(let pool) = backend else {
            try postgreSQLResetToDemoData(now: now)
            changes.everythingChanged()
            return
        }
        try pool.write { connection in
            // Children first: foreign keys are on.
            for table in ["moment_likes", "moment_photos", "moments", "friendships", "users"] {
                try connection.execute("DELETE FROM \(table)")
            }
            try DemoData.insert(into: connection, now: now)
        }
        changes.everythingChanged()
    }
}
