import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

/// `moments-bff copy`: SQLite -> PostgreSQL -> SQLite gives the same rows.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct DatabaseCopyTests {
    @Test(arguments: ["demo", "synthetic"])
    func sqliteToPostgreSQLToSQLiteKeepsEveryRow(_ data: String) throws {
        let directory = try TemporaryDirectory()
        let original = directory.file("original.sqlite")
        if data == "demo" {
            try MomentsStore.open(path: original, options: MomentsStore.Options(readers: 1, clock: { TestStore.now * 1000 })).close()
        } else {
            try SyntheticData.write(to: original, users: 60, friends: 8, moments: 4, likes: 5, seed: 3, now: TestStore.now)
        }
        let uri = try PostgreSQLServer.shared().makeDatabase()
        let there = try DatabaseCopy.copy(from: .sqlite(path: original), to: .postgreSQL(uri: uri))
        let back = directory.file("back.sqlite")
        let again = try DatabaseCopy.copy(from: .postgreSQL(uri: uri), to: .sqlite(path: back))
        #expect(there == again)
        #expect((there["moment_likes"] ?? 0) > 0)
        #expect(try Self.rows(original) == Self.rows(back))
    }

    @Test func aTargetWithRowsIsRefused() throws {
        let directory = try TemporaryDirectory()
        let original = directory.file("original.sqlite")
        try MomentsStore.open(path: original, options: MomentsStore.Options(readers: 1)).close()
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: original), to: .postgreSQL(uri: uri))
        #expect(throws: DatabaseCopy.Failure.self) { try DatabaseCopy.copy(from: .sqlite(path: original), to: .postgreSQL(uri: uri)) }
        #expect(throws: DatabaseCopy.Failure.self) { try DatabaseCopy.copy(from: .postgreSQL(uri: uri), to: .sqlite(path: original)) }
    }

    /// Every row of every table, in key order, as text.
    static func rows(_ path: String) throws -> [String] {
        let connection = try Connection(path: path, mode: .readOnly)
        defer { connection.close() }
        var rows: [String] = []
        for table in LayoutTables.all {
            try connection.withStatement(table.select) { statement in
                try statement.forEachRow { row in
                    rows.append(table.name + ": " + (0..<Int32(table.columns.count)).map { "\(row.value(at: $0))" }.joined(separator: " | "))
                }
            }
        }
        return rows
    }
}
