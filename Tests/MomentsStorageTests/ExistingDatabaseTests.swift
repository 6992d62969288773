import SQLite
import Testing
@testable import MomentsStorage

/// Files not made by this binary: served as they are, or refused clearly.
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

    @Test func foreignFileWithVersionZeroIsServedAsItIs() throws {
        let test = try TestStore(seedDemoData: true) { path in
            let connection = try Connection(path: path)
            defer { connection.close() }
            try connection.executeScript(Self.foreignSchema)
        }
        #expect(try test.store.users.user(id: "0") == nil, "no demo data was added")
        let timeline = try test.timelines.timeline(userID: "7")
        #expect(timeline.moments.map(\.id) == ["m1"])
        #expect(timeline.moments.first?.photos == ["p0"])
        #expect(try test.timelines.likes(momentIDs: ["m1"], viewerID: "7")["m1"]?.isLikedByViewer == true)
        _ = try test.likeService.updateLike(momentID: "m1", userID: "8", isLiked: true)
        #expect(try test.inspect { try SchemaInstaller.userVersion($0) } == 0)
        #expect(try test.inspect { try $0.scalar("SELECT count(*) FROM sqlite_schema WHERE name = 'moments_by_author'") } == .integer(1))
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
