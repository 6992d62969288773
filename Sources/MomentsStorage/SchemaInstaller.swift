import SQLite

/// Brings a database file to the layout of `schema.sql`.
///
/// - An empty database gets the schema (and, when asked, the demo data) in
///   one transaction, so a crash leaves it empty rather than half-made.
/// - A database with the contract's tables is served as it is, whatever wrote
///   it: `user_version` 0 means "another program in the layout of docs/storage.md".
/// - A `user_version` newer than ours is refused rather than misread.
enum SchemaInstaller {
    /// The layout version `schema.sql` sets with `PRAGMA user_version`.
    static let version: Int64 = 1
    /// The tables the layout requires (docs/storage.md, "Layout").
    static let requiredTables = ["users", "friendships", "moments", "moment_photos", "moment_likes"]

    /// What `prepare` found.
    enum Outcome: Equatable {
        case installed
        case existing(version: Int64)
    }

    @discardableResult
    static func prepare(_ connection: Connection, seed: ((Connection) throws -> Void)?) throws -> Outcome {
        // IMMEDIATE: two processes opening a new file at once install it once.
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
            // Future layouts: run the migrations from `found` up to `version` here.
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
