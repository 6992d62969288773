import SQLite
import Testing
@testable import MomentsStorage

/// Files not made by this binary, or by an older one: migrated to the
/// current layout (version 2 adds the like counts) and served, or refused
/// clearly.
struct ExistingDatabaseTests {
    /// The layout the reference peers' make_db.py writes, in
    /// rollback-journal mode, user_version 0.
    static let foreignSchema = """
        CREATE TABLE users(id TEXT PRIMARY KEY, name TEXT NOT NULL, avatar TEXT NOT NULL, background_image TEXT NOT NULL);
        CREATE TABLE friendships(user_id TEXT NOT NULL REFERENCES users(id), friend_id TEXT NOT NULL REFERENCES users(id),
                                 PRIMARY KEY (user_id, friend_id));
        CREATE TABLE moments(id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id),
                             type TEXT NOT NULL CHECK (type IN ('URL','PHOTOS')), title TEXT, url TEXT, created_date INTEGER NOT NULL);
        CREATE TABLE moment_photos(moment_id TEXT NOT NULL REFERENCES moments(id), position INTEGER NOT NULL, url TEXT NOT NULL,
                                   PRIMARY KEY (moment_id, position));
        CREATE TABLE moment_likes(moment_id TEXT NOT NULL REFERENCES moments(id), user_id TEXT NOT NULL REFERENCES users(id),
                                  liked_at INTEGER NOT NULL, PRIMARY KEY (moment_id, user_id));
        CREATE INDEX moments_by_author ON moments(user_id, created_date);
        CREATE INDEX likes_by_user ON moment_likes(user_id);
        INSERT INTO users VALUES ('7', 'Seven', 'a7', 'b7'), ('8', 'Eight', 'a8', 'b8');
        INSERT INTO friendships VALUES ('7', '8'), ('8', '7');
        INSERT INTO moments VALUES ('m1', '8', 'PHOTOS', 'hi', NULL, 100);
        INSERT INTO moment_photos VALUES ('m1', 0, 'p0');
        INSERT INTO moment_likes VALUES ('m1', '7', 5);
        """

    /// A version 1 file: `schema.sql` without what version 2 added, with
    /// likes on two moments (m1 twice, m2 once).
    static func writeVersionOne(to path: String) throws {
        let connection = try Connection(path: path)
        defer { connection.close() }
        let added = Set(LayoutMigration.pages.statements)
        for statement in SchemaScript.statements(SchemaSQL.text) where !added.contains(statement) && !statement.hasPrefix("PRAGMA") {
            try connection.executeScript(statement)
        }
        try connection.executeScript("""
            PRAGMA user_version = 1;
            INSERT INTO users VALUES ('7', 'Seven', 'a7', 'b7'), ('8', 'Eight', 'a8', 'b8');
            INSERT INTO friendships VALUES ('7', '8'), ('8', '7');
            INSERT INTO moments VALUES ('m1', '8', 'PHOTOS', 'hi', NULL, 100), ('m2', '7', 'URL', NULL, 'u', 90);
            INSERT INTO moment_likes VALUES ('m1', '7', 5), ('m1', '8', 6), ('m2', '8', 7);
            """)
    }

    /// Another program's file: its own indexes are kept; it gets the like
    /// counts (counted once) and their triggers, and is then version 2.
    @Test func foreignFileWithVersionZeroGetsTheLikeCountsAndIsServed() throws {
        let test = try TestStore(seedDemoData: true) { path in
            let connection = try Connection(path: path)
            defer { connection.close() }
            try connection.executeScript(Self.foreignSchema)
        }
        #expect(try test.store.users.user(id: "0") == nil, "no demo data was added")
        let timeline = try test.timelines.timeline(userID: "7")
        #expect(timeline.moments.map(\.id) == ["m1"])
        #expect(timeline.moments.first?.photos == ["p0"])
        let likes = try test.timelines.likes(momentIDs: ["m1"], viewerID: "7")["m1"]
        #expect(likes?.isLikedByViewer == true && likes?.count == 1)
        _ = try test.likeService.updateLike(momentID: "m1", userID: "8", isLiked: true)
        #expect(try test.timelines.likes(momentIDs: ["m1"], viewerID: "7")["m1"]?.count == 2)
        #expect(try test.inspect { try SchemaInstaller.userVersion($0) } == SchemaInstaller.version)
        #expect(try test.inspect { try $0.scalar("SELECT sql FROM sqlite_schema WHERE name = 'moments_by_author'") }
            == .text("CREATE INDEX moments_by_author ON moments(user_id, created_date)"))
    }

    /// Our own version 1 file: migrated in place, the counts and newest
    /// moments right at once and kept by later writes, whoever makes them.
    @Test func versionOneFileIsMigrated() throws {
        let test = try TestStore(seedDemoData: true) { path in try Self.writeVersionOne(to: path) }
        #expect(try test.inspect { try SchemaInstaller.userVersion($0) } == SchemaInstaller.version)
        #expect(try test.timelines.likes(momentIDs: ["m1", "m2"], viewerID: "7").mapValues(\.count) == ["m1": 2, "m2": 1])
        _ = try test.likeService.updateLike(momentID: "m2", userID: "8", isLiked: false)
        try test.inspect { try $0.execute("INSERT INTO moment_likes VALUES ('m2', '7', 8)") }
        let counts = try test.inspect { connection in
            try connection.withStatement("SELECT moment_id, likes FROM moment_like_counts ORDER BY moment_id") { statement in
                var counts: [String] = []
                try statement.forEachRow { counts.append("\($0.text(at: 0))=\($0.int64(at: 1))") }
                return counts
            }
        }
        #expect(counts == ["m1=2", "m2=1"])
        let latest = try test.inspect { connection in
            try connection.withStatement("SELECT user_id, moment_id FROM latest_moments ORDER BY user_id") { statement in
                var latest: [String] = []
                try statement.forEachRow { latest.append("\($0.text(at: 0))=\($0.text(at: 1))") }
                return latest
            }
        }
        #expect(latest == ["7=m2", "8=m1"])
    }

    @Test func newerLayoutIsRefused() throws {
        #expect(throws: MomentsStorageError.unsupportedSchemaVersion(found: 99, supported: SchemaInstaller.version)) {
            _ = try TestStore { path in
                let connection = try Connection(path: path)
                defer { connection.close() }
                try connection.executeScript(Self.foreignSchema + "\nPRAGMA user_version = 99;")
            }
        }
    }

    @Test func unrelatedDatabaseIsRefused() throws {
        #expect(throws: MomentsStorageError.missingTables(SchemaInstaller.requiredTables)) {
            _ = try TestStore { path in
                let connection = try Connection(path: path)
                defer { connection.close() }
                try connection.executeScript("CREATE TABLE other (x)")
            }
        }
    }

    @Test func emptyFileGetsSchemaAndDemoData() throws {
        let test = try TestStore { path in
            let connection = try Connection(path: path)  // creates a 0-byte file
            connection.close()
        }
        #expect(try test.timelines.timeline(userID: "0").moments.count == 5)
    }
}
