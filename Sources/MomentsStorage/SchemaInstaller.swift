import SQLite

/// Brings a database file to the layout of `schema.sql`.
///
/// - An empty database gets the schema (and, when asked, the demo data) in
///   one transaction, so a crash leaves it empty rather than half-made.
/// - A database with the contract's tables is served, after the migrations
///   from its version to ours (`LayoutMigration`), in the same transaction:
///   `user_version` 0 means "another program in the layout of
///   docs/storage.md", which version 1 is too.
/// - A `user_version` newer than ours is refused rather than misread.
enum SchemaInstaller {
    /// The layout version `schema.sql` sets with `PRAGMA user_version`.
    static let version: Int64 = 2
    /// The tables the layout requires (docs/storage.md, "Layout").
    static let requiredTables = ["users", "friendships", "moments", "moment_photos", "moment_likes"]

    /// What `prepare` found.
    enum Outcome: Equatable {
        case installed
        /// A layout of `version`, migrated to ours when older.
        case existing(version: Int64)
    }

    @discardableResult
    static func prepare(_ connection: Connection, seed: ((Connection) throws -> Void)?) throws -> Outcome {
        // IMMEDIATE: two processes opening a new file at once install it once,
        // and two opening an older one migrate it once.
        try connection.transaction(.immediate) {
            let tables = try tableNames(connection)
            if tables.isEmpty {
                try connection.executeScript(SchemaSQL.text)
                try seed?(connection)
                return .installed
            }
            let missing = requiredTables.filter { !tables.contains($0) }
            guard missing.isEmpty else { throw MomentsStorageError.missingTables(missing) }
            let found = try userVersion(connection)
            guard found <= version else {
                throw MomentsStorageError.unsupportedSchemaVersion(found: found, supported: version)
            }
            if found < LayoutMigration.pages.version {
                for statement in LayoutMigration.pages.statements {
                    try connection.executeScript(statement)
                }
                try connection.executeScript("PRAGMA user_version = \(version)")
            }
            return .existing(version: found)
        }
    }

    static func userVersion(_ connection: Connection) throws -> Int64 {
        guard case .integer(let version)? = try connection.scalar("PRAGMA user_version") else { return 0 }
        return version
    }

    private static func tableNames(_ connection: Connection) throws -> Set<String> {
        try connection.withStatement("SELECT name FROM sqlite_schema WHERE type = 'table'") { statement in
            var names: Set<String> = []
            try statement.forEachRow { names.insert($0.text(at: 0)) }
            return names
        }
    }
}

/// What a layout older than `schema.sql`'s needs to become it, the same on
/// both engines: the statements of `schema.sql` that make what it lacks,
/// then what fills them from the rows it has.
struct LayoutMigration {
    /// The version this migration brings a layout to.
    let version: Int64
    /// In SQLite's dialect (PostgreSQL's installer translates them).
    let statements: [String]

    /// Version 2, for pages: each user's newest moment and each moment's like
    /// count, filled once here from the rows there are, then kept by the
    /// triggers on every write.
    static let pages = LayoutMigration(
        version: 2,
        statements: SchemaScript.creating([
            "latest_moments", "moments_latest_insert", "moments_latest_delete", "moments_latest_update",
            "moment_like_counts", "moment_likes_count_insert", "moment_likes_count_delete", "moment_likes_count_update",
        ]) + [
            """
            INSERT INTO latest_moments (user_id, created_date, moment_id)
            SELECT user_id, created_date, id FROM (
                SELECT user_id, created_date, id, row_number() OVER (PARTITION BY user_id ORDER BY created_date DESC, id DESC) AS n
                FROM moments) AS ranked
            WHERE n = 1
            """,
            "INSERT INTO moment_like_counts (moment_id, likes) SELECT moment_id, count(*) FROM moment_likes GROUP BY moment_id",
        ]
    )
}
