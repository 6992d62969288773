import PostgreSQL

/// Brings a PostgreSQL database to the layout of `schema.sql`, as
/// `SchemaInstaller` does for a file: an empty schema gets the layout (and,
/// when asked, the seed) in one transaction; one with the contract's tables
/// is migrated from its version (`LayoutMigration`) and served; a newer
/// `moments_schema_version` is refused.
enum PostgreSQLSchemaInstaller {
    /// Serialises installers: several instances starting on one empty
    /// database install it once (a transaction-scoped advisory lock).
    static let installLockKey: Int64 = 0x6d6f6d656e7473

    @discardableResult
    static func prepare(_ connection: PGConnection, seed: ((PGConnection) throws -> Void)?) throws -> SchemaInstaller.Outcome {
        try connection.transaction {
            try connection.query("SELECT pg_advisory_xact_lock($1)", [.integer(installLockKey)])
            let tables = try tableNames(connection)
            if tables.isEmpty {
                try connection.executeScript(PostgreSQLSchema.text)
                try seed?(connection)
                return .installed
            }
            let missing = SchemaInstaller.requiredTables.filter { !tables.contains($0) }
            guard missing.isEmpty else { throw MomentsStorageError.missingTables(missing) }
            let found = try version(connection, tables: tables)
            guard found <= SchemaInstaller.version else {
                throw MomentsStorageError.unsupportedSchemaVersion(found: found, supported: SchemaInstaller.version)
            }
            if found < LayoutMigration.pages.version {
                try migrate(connection, from: found, tables: tables)
            }
            try addMissingExtras(connection)
            return .existing(version: found)
        }
    }

    /// The migrations' statements translated, then the version recorded (a
    /// database written by another program gets the version table).
    private static func migrate(_ connection: PGConnection, from found: Int64, tables: Set<String>) throws {
        for statement in LayoutMigration.pages.statements {
            try connection.executeScript(PostgreSQLSchema.translate(statement: statement))
        }
        if tables.contains(PostgreSQLSchema.versionTable) {
            try connection.executeScript("UPDATE \(PostgreSQLSchema.versionTable) SET version = \(SchemaInstaller.version)")
        } else {
            try connection.executeScript("""
                CREATE TABLE \(PostgreSQLSchema.versionTable) (version BIGINT NOT NULL);
                INSERT INTO \(PostgreSQLSchema.versionTable) (version) VALUES (\(SchemaInstaller.version));
                """)
        }
    }

    /// The PostgreSQL-only triggers a database lacks (one written by another
    /// program, or by an earlier version of ours), added: without them other
    /// instances would never hear of its likes. The functions they call are
    /// replaced too when they are an earlier version's (the like trigger's
    /// without the changes' positions): under the install lock, so instances
    /// starting together replace them once.
    private static func addMissingExtras(_ connection: PGConnection) throws {
        let rows = try connection.query("""
            SELECT t.tgname FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
            WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
            """)
        let present = Set((0..<rows.count).map { rows.text($0, 0) })
        let missing = Set(PostgreSQLSchema.extraTriggers.map(\.name)).subtracting(present)
        let current = try connection.query(
            "SELECT count(*) FROM pg_proc WHERE proname = 'moments_notify_like' AND strpos(prosrc, $1) > 0",
            [.text(PostgreSQLSchema.positionsChannel)]).int64(0, 0) > 0
        guard !missing.isEmpty || !current else { return }
        try connection.executeScript(PostgreSQLSchema.extras(missing: missing))
    }

    /// The layout version; 0 when the table is missing (written by another program).
    static func version(_ connection: PGConnection, tables: Set<String>? = nil) throws -> Int64 {
        let tables = try tables ?? tableNames(connection)
        guard tables.contains(PostgreSQLSchema.versionTable) else { return 0 }
        let rows = try connection.query("SELECT max(version) FROM \(PostgreSQLSchema.versionTable)")
        return rows.count == 1 && !rows.isNull(0, 0) ? try rows.int64(0, 0) : 0
    }

    /// The tables of the connection's current schema (normally `public`).
    static func tableNames(_ connection: PGConnection) throws -> Set<String> {
        let rows = try connection.query("""
            SELECT table_name FROM information_schema.tables
            WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
            """)
        return Set((0..<rows.count).map { rows.text($0, 0) })
    }
}
