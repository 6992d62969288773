/// The PostgreSQL form of `schema.sql`, generated from it (the one file
/// anyone edits), plus what only PostgreSQL needs: the layout version, the
/// change notifications and the TRUNCATE triggers.
///
/// The translation, statement by statement (comments dropped first):
/// - `INTEGER` -> `BIGINT`: SQLite's INTEGER is 64-bit, and `liked_at` (Unix
///   milliseconds) needs it; PostgreSQL's INTEGER is 32-bit.
/// - `CREATE TRIGGER name ... BEGIN body END` -> a PL/pgSQL function `name()`
///   running `body`, and `CREATE TRIGGER name ... FOR EACH ROW` calling it.
/// - `TEXT` -> `TEXT COLLATE "C"`: ids compare byte by byte, as SQLite's
///   BINARY collation does, so "ties by id" order the same on both engines
///   whatever the database's locale.
/// - `WITHOUT ROWID` dropped: PostgreSQL tables have no rowid to leave out.
/// - `PRAGMA user_version = N` -> the one-row table `moments_schema_version`.
enum PostgreSQLSchema {
    /// The channel the triggers notify on; the payload is a moment id, or ""
    /// for "anything may have changed".
    static let channel = "moments_changes"
    /// The channel of like changes' positions in commit order: `POSITION MOMENT_ID`,
    /// POSITION from the sequence `positionSequence`, sent just before the
    /// moment's notification on `channel`. A channel of its own, so instances
    /// that do not listen to it read `channel`'s payloads as before.
    static let positionsChannel = "moments_change_positions"
    static let positionSequence = "moments_change_position"
    /// A position with no change (`POSITION` alone), which each instance's
    /// listener asks for as it starts listening: every instance hears it in
    /// commit order, so streams have a position to give before any like.
    static let positionMark = "SELECT pg_notify('\(positionsChannel)', nextval('\(positionSequence)')::text)"

    static let versionTable = "moments_schema_version"

    /// `schema.sql` translated (see above).
    static func translate(_ sqlite: String) -> String {
        var statements: [String] = []
        var version: Int64?
        for statement in SchemaScript.statements(sqlite) {
            if let match = statement.firstMatch(of: /PRAGMA\s+user_version\s*=\s*(\d+)/) {
                version = Int64(match.1)
                continue
            }
            statements.append(translate(statement: statement))
        }
        statements.append("CREATE TABLE \(versionTable) (version BIGINT NOT NULL);")
        statements.append("INSERT INTO \(versionTable) (version) VALUES (\(version ?? 0));")
        return statements.joined(separator: "\n")
    }

    /// One statement of `schema.sql` (without its `;`) in PostgreSQL's
    /// dialect, ending with `;`. A SQLite trigger (always row by row) becomes
    /// a PL/pgSQL function of the trigger's name running its body, and the
    /// trigger calling it.
    static func translate(statement: String) -> String {
        if let trigger = statement.wholeMatch(of: /(?s)CREATE\s+TRIGGER\s+(\w+)\s+(.*?)\s+BEGIN\s+(.*?);?\s*END/) {
            let name = trigger.1
            return """
                CREATE FUNCTION \(name)() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    \(trigger.3);
                    RETURN NULL;
                END $$;
                CREATE TRIGGER \(name) \(trigger.2) FOR EACH ROW EXECUTE FUNCTION \(name)();
                """
        }
        return statement
            .replacing(/\bINTEGER\b/, with: "BIGINT")
            .replacing(/\bTEXT\b/, with: "TEXT COLLATE \"C\"")
            .replacing(/\)\s*WITHOUT ROWID/, with: ")") + ";"
    }

    /// The generated layout, with what only PostgreSQL has.
    static var text: String { translate(SchemaSQL.text) + "\n" + extras(missing: Set(extraTriggers.map(\.name))) }

    /// What only PostgreSQL needs beyond `schema.sql`, as triggers by name:
    /// notifications on `channel` from the writing transaction, so they are
    /// delivered on commit (and never for a rollback): a like's moment id per
    /// changed row of `moment_likes`, "" for a change to any other table or a
    /// TRUNCATE (the listeners drop everything); and the like counts and
    /// newest moments emptied by a TRUNCATE of `moment_likes` or `moments`,
    /// which fires none of `schema.sql`'s row triggers.
    static let extraTriggers: [(name: String, statement: String)] = [
        ("moment_likes_notify", """
            CREATE TRIGGER moment_likes_notify AFTER INSERT OR UPDATE OR DELETE ON moment_likes
                FOR EACH ROW EXECUTE FUNCTION moments_notify_like();
            """),
        ("moment_likes_truncate_notify", """
            CREATE TRIGGER moment_likes_truncate_notify AFTER TRUNCATE ON moment_likes
                FOR EACH STATEMENT EXECUTE FUNCTION moments_notify_all();
            """),
        ("moment_likes_count_truncate", """
            CREATE TRIGGER moment_likes_count_truncate AFTER TRUNCATE ON moment_likes
                FOR EACH STATEMENT EXECUTE FUNCTION moment_likes_count_truncate();
            """),
        ("moments_latest_truncate", """
            CREATE TRIGGER moments_latest_truncate AFTER TRUNCATE ON moments
                FOR EACH STATEMENT EXECUTE FUNCTION moments_latest_truncate();
            """),
    ] + ["users", "friendships", "moments", "moment_photos"].map { table in
        ("\(table)_notify", """
            CREATE TRIGGER \(table)_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
                FOR EACH STATEMENT EXECUTE FUNCTION moments_notify_all();
            """)
    }

    /// The functions `extraTriggers` call; replacing them is harmless.
    static let extraFunctions = """
        CREATE SEQUENCE IF NOT EXISTS \(positionSequence);
        CREATE OR REPLACE FUNCTION moments_notify_like() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP = 'DELETE' THEN
                PERFORM pg_notify('\(positionsChannel)', nextval('\(positionSequence)') || ' ' || OLD.moment_id);
                PERFORM pg_notify('\(channel)', OLD.moment_id);
            ELSE
                PERFORM pg_notify('\(positionsChannel)', nextval('\(positionSequence)') || ' ' || NEW.moment_id);
                PERFORM pg_notify('\(channel)', NEW.moment_id);
                IF TG_OP = 'UPDATE' AND OLD.moment_id <> NEW.moment_id THEN
                    PERFORM pg_notify('\(positionsChannel)', nextval('\(positionSequence)') || ' ' || OLD.moment_id);
                    PERFORM pg_notify('\(channel)', OLD.moment_id);
                END IF;
            END IF;
            RETURN NULL;
        END $$;
        CREATE OR REPLACE FUNCTION moments_notify_all() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM pg_notify('\(channel)', '');
            RETURN NULL;
        END $$;
        CREATE OR REPLACE FUNCTION moment_likes_count_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM moment_like_counts;
            RETURN NULL;
        END $$;
        CREATE OR REPLACE FUNCTION moments_latest_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM latest_moments;
            RETURN NULL;
        END $$;
        """

    /// The functions and the `missing` ones of `extraTriggers`.
    static func extras(missing: Set<String>) -> String {
        ([extraFunctions] + extraTriggers.filter { missing.contains($0.name) }.map(\.statement)).joined(separator: "\n")
    }
}
