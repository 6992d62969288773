import PostgreSQL
import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

/// `schema.sql` makes the same layout on both engines: tables, columns
/// (with the translated types), primary keys, indexes and triggers; and an
/// older layout migrates to the same.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PostgreSQLSchemaTests {
    /// Column types: SQLite's declared type -> PostgreSQL's after translation.
    static let typeMap = ["TEXT": "text", "INTEGER": "bigint"]

    struct Column: Hashable, CustomStringConvertible {
        var table, name, type: String
        var notNull: Bool
        var description: String { "\(table).\(name) \(type)\(notNull ? " NOT NULL" : "")" }
    }

    @Test func translationMapsTypesAndDropsWhatPostgreSQLLacks() {
        let text = PostgreSQLSchema.translate(SchemaSQL.text)
        #expect(!text.contains("INTEGER"))
        #expect(!text.contains("WITHOUT ROWID"))
        #expect(!text.contains("PRAGMA"))
        #expect(text.contains("liked_at  BIGINT NOT NULL"))
        #expect(text.contains("id               TEXT COLLATE \"C\" PRIMARY KEY NOT NULL"))
        #expect(text.contains("INSERT INTO moments_schema_version (version) VALUES (\(SchemaInstaller.version));"))
        // A trigger: its body in a PL/pgSQL function, called row by row.
        #expect(text.contains("""
            CREATE FUNCTION moment_likes_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                UPDATE moment_like_counts SET likes = likes - 1 WHERE moment_id = OLD.moment_id;
                RETURN NULL;
            END $$;
            CREATE TRIGGER moment_likes_count_delete AFTER DELETE ON moment_likes FOR EACH ROW EXECUTE FUNCTION moment_likes_count_delete();
            """))
    }

    @Test func bothEnginesHaveTheSameTablesColumnsKeysAndIndexes() throws {
        let memory = try Connection(path: ":memory:")
        try memory.executeScript(SchemaSQL.text)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        let postgres = try PGConnection(uri: uri, settings: PGConnectionSettings())
        try PostgreSQLSchemaInstaller.prepare(postgres, seed: nil)
        try Self.expectSameLayout(memory, postgres)
    }

    /// A version 1 layout (before the like counts), with likes, migrates to
    /// the layout a new database gets, on both engines, with the counts of
    /// the likes it had.
    @Test func aVersionOneLayoutMigratesToTheCurrentOne() throws {
        let postgres = try Self.copiedVersionOne()
        defer { postgres.close() }
        // The copy made the current layout; take it back to version 1's.
        try postgres.executeScript("""
            DROP TABLE moment_like_counts, latest_moments CASCADE;
            DROP FUNCTION moment_likes_count_insert, moment_likes_count_delete, moment_likes_count_update,
                moments_latest_insert, moments_latest_delete, moments_latest_update CASCADE;
            UPDATE moments_schema_version SET version = 1;
            """)
        #expect(try PostgreSQLSchemaInstaller.prepare(postgres, seed: nil) == .existing(version: 1))
        #expect(try PostgreSQLSchemaInstaller.version(postgres) == SchemaInstaller.version)
        let counts = try postgres.query("SELECT moment_id, likes FROM moment_like_counts ORDER BY moment_id")
        #expect((0..<counts.count).map { "\(counts.text($0, 0))=\(counts.text($0, 1))" } == ["m1=2", "m2=1"])
        let latest = try postgres.query("SELECT user_id, moment_id FROM latest_moments ORDER BY user_id")
        #expect((0..<latest.count).map { "\(latest.text($0, 0))=\(latest.text($0, 1))" } == ["7=m2", "8=m1"])
        let memory = try Connection(path: ":memory:")
        try memory.executeScript(SchemaSQL.text)
        try Self.expectSameLayout(memory, postgres)
    }

    /// A database without PostgreSQL's own triggers (written by another
    /// program, or by an earlier version) gets them when served: the
    /// notifications other instances' caches depend on, and the kept counts
    /// and newest moments a TRUNCATE empties.
    @Test func missingNotificationAndTruncateTriggersAreAdded() throws {
        let postgres = try Self.copiedVersionOne()
        defer { postgres.close() }
        try postgres.executeScript("""
            DROP TRIGGER moment_likes_notify ON moment_likes;
            DROP TRIGGER moment_likes_count_truncate ON moment_likes;
            DROP TRIGGER users_notify ON users;
            DROP FUNCTION moment_likes_count_truncate;
            """)
        #expect(try Self.triggerNames(postgres).isDisjoint(with: ["moment_likes_notify", "moment_likes_count_truncate", "users_notify"]))
        #expect(try PostgreSQLSchemaInstaller.prepare(postgres, seed: nil) == .existing(version: SchemaInstaller.version))
        #expect(try Self.triggerNames(postgres).isSuperset(of: PostgreSQLSchema.extraTriggers.map(\.name)))
        // Served again: nothing to add, nothing doubled.
        #expect(try PostgreSQLSchemaInstaller.prepare(postgres, seed: nil) == .existing(version: SchemaInstaller.version))

        #expect(try postgres.query("SELECT sum(likes) FROM moment_like_counts").text(0, 0) == "3")
        try postgres.executeScript("TRUNCATE moment_likes")
        #expect(try postgres.query("SELECT count(*) FROM moment_like_counts").text(0, 0) == "0")
        #expect(try postgres.query("SELECT count(*) FROM latest_moments").text(0, 0) == "2")
        try postgres.executeScript("TRUNCATE moments CASCADE")
        #expect(try postgres.query("SELECT count(*) FROM latest_moments").text(0, 0) == "0")
    }

    /// A database served by an earlier version has every trigger, but its like
    /// trigger's function sends no positions: it is replaced, once.
    @Test func anEarlierVersionsLikeNotificationIsReplacedWithOneThatCarriesPositions() throws {
        let uri = try PostgreSQLServer.shared().makeDatabase()
        let postgres = try PGConnection(uri: uri, settings: PGConnectionSettings())
        defer { postgres.close() }
        _ = try PostgreSQLSchemaInstaller.prepare(postgres, seed: nil)
        try postgres.executeScript("""
            CREATE OR REPLACE FUNCTION moments_notify_like() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('moments_changes', COALESCE(NEW.moment_id, OLD.moment_id));
                RETURN NULL;
            END $$;
            DROP SEQUENCE moments_change_position;
            """)
        let source = "SELECT prosrc FROM pg_proc WHERE proname = 'moments_notify_like'"
        #expect(try !postgres.query(source).text(0, 0).contains(PostgreSQLSchema.positionsChannel))
        #expect(try PostgreSQLSchemaInstaller.prepare(postgres, seed: nil) == .existing(version: SchemaInstaller.version))
        #expect(try postgres.query(source).text(0, 0).contains(PostgreSQLSchema.positionsChannel))
        #expect(try postgres.query("SELECT count(*) FROM pg_class WHERE relname = 'moments_change_position'").text(0, 0) == "1")
    }

    /// A new database holding a version 1 file's rows (the copy makes the current layout), connected.
    static func copiedVersionOne() throws -> PGConnection {
        let directory = try TemporaryDirectory()
        let path = directory.file("v1.sqlite")
        try ExistingDatabaseTests.writeVersionOne(to: path)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        return try PGConnection(uri: uri, settings: PGConnectionSettings())
    }

    static func triggerNames(_ postgres: PGConnection) throws -> Set<String> {
        // pg_trigger: information_schema.triggers leaves TRUNCATE triggers out.
        let rows = try postgres.query("""
            SELECT t.tgname FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
            JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE n.nspname = current_schema() AND NOT t.tgisinternal
            """)
        return Set((0..<rows.count).map { rows.text($0, 0) })
    }

    /// The layout of `memory` (SQLite) and `postgres` are the same.
    static func expectSameLayout(_ memory: Connection, _ postgres: PGConnection) throws {
        var tables: [String] = []
        try memory.withStatement("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name") { statement in
            try statement.forEachRow { tables.append($0.text(at: 0)) }
        }
        #expect(Set(tables).isSuperset(of: SchemaInstaller.requiredTables))

        // Columns.
        var sqliteColumns: Set<Column> = []
        var sqlitePrimaryKeys: [String: [String]] = [:]
        for table in tables {
            try memory.withStatement("SELECT name, type, \"notnull\", pk FROM pragma_table_info('\(table)')") { statement in
                var keys: [(Int64, String)] = []
                try statement.forEachRow { row in
                    sqliteColumns.insert(Column(table: table, name: row.text(at: 0), type: Self.typeMap[row.text(at: 1)] ?? row.text(at: 1), notNull: row.int64(at: 2) == 1 || row.int64(at: 3) > 0))
                    if row.int64(at: 3) > 0 { keys.append((row.int64(at: 3), row.text(at: 0))) }
                }
                sqlitePrimaryKeys[table] = keys.sorted { $0.0 < $1.0 }.map(\.1)
            }
        }
        let columns = try postgres.query("""
            SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name <> 'moments_schema_version'
            """)
        let postgresColumns = Set((0..<columns.count).map {
            Column(table: columns.text($0, 0), name: columns.text($0, 1), type: columns.text($0, 2), notNull: columns.text($0, 3) == "NO")
        })
        #expect(postgresColumns == sqliteColumns)

        // Primary keys, in key order.
        let keys = try postgres.query("""
            SELECT tc.table_name, string_agg(k.column_name, ',' ORDER BY k.ordinal_position)
            FROM information_schema.table_constraints AS tc
            JOIN information_schema.key_column_usage AS k ON k.constraint_name = tc.constraint_name AND k.table_schema = tc.table_schema
            WHERE tc.table_schema = current_schema() AND tc.constraint_type = 'PRIMARY KEY'
            GROUP BY tc.table_name
            """)
        var postgresKeys: [String: [String]] = [:]
        for row in 0..<keys.count { postgresKeys[keys.text(row, 0)] = keys.text(row, 1).split(separator: ",").map(String.init) }
        #expect(postgresKeys.filter { $0.key != "moments_schema_version" } == sqlitePrimaryKeys)

        // Indexes (beyond primary keys): name -> table and columns with their order.
        var sqliteIndexes: [String: String] = [:]
        try memory.withStatement("SELECT name, tbl_name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL") { statement in
            try statement.forEachRow { row in sqliteIndexes[row.text(at: 0)] = row.text(at: 1) }
        }
        var sqliteIndexColumns: [String: String] = [:]
        for (name, table) in sqliteIndexes {
            try memory.withStatement("SELECT name, desc FROM pragma_index_xinfo('\(name)') WHERE key = 1 ORDER BY seqno") { statement in
                var parts: [String] = []
                try statement.forEachRow { row in parts.append(row.text(at: 0) + (row.int64(at: 1) == 1 ? " DESC" : "")) }
                sqliteIndexColumns[name] = "\(table)(\(parts.joined(separator: ", ")))"
            }
        }
        let indexes = try postgres.query("""
            SELECT i.indexname, i.tablename, i.indexdef FROM pg_indexes AS i
            WHERE i.schemaname = current_schema() AND i.indexname NOT LIKE '%_pkey'
            """)
        var postgresIndexColumns: [String: String] = [:]
        for row in 0..<indexes.count {
            // "CREATE INDEX name ON public.table USING btree (a, b DESC)" -> "table(a, b DESC)"
            let definition = indexes.text(row, 2)
            let columns = definition.split(separator: "(", maxSplits: 1).last.map { String($0.dropLast()) } ?? ""
            postgresIndexColumns[indexes.text(row, 0)] = "\(indexes.text(row, 1))(\(columns))"
        }
        #expect(postgresIndexColumns == sqliteIndexColumns)
        #expect(sqliteIndexColumns.count == 4)

        // Triggers, by name and table (PostgreSQL's own aside).
        var sqliteTriggers: [String: String] = [:]
        try memory.withStatement("SELECT name, tbl_name FROM sqlite_schema WHERE type = 'trigger'") { statement in
            try statement.forEachRow { sqliteTriggers[$0.text(at: 0)] = $0.text(at: 1) }
        }
        let triggers = try postgres.query("""
            SELECT DISTINCT trigger_name, event_object_table FROM information_schema.triggers
            WHERE trigger_schema = current_schema()
            """)
        let extras = Set(PostgreSQLSchema.extraTriggers.map(\.name))
        let postgresTriggers = Dictionary(uniqueKeysWithValues: (0..<triggers.count).map { (triggers.text($0, 0), triggers.text($0, 1)) })
            .filter { !extras.contains($0.key) }
        #expect(postgresTriggers == sqliteTriggers)
        #expect(sqliteTriggers.count == 6)
    }
}
