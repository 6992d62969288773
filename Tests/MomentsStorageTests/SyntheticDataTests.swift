import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

struct SyntheticDataTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    private func dump(_ path: String) throws -> [String] {
        let connection = try Connection(path: path, mode: .readOnly)
        defer { connection.close() }
        var rows: [String] = []
        for table in SchemaInstaller.requiredTables {
            try connection.withStatement("SELECT * FROM \(table) ORDER BY 1, 2") { statement in
                try statement.forEachRow { row in
                    rows.append(table + ":" + (0..<row.columnCount).map { "\(row.value(at: $0))" }.joined(separator: "|"))
                }
            }
        }
        return rows
    }

    @Test func sameArgumentsGiveTheSameRows() throws {
        let a = directory.file("a.sqlite"), b = directory.file("b.sqlite")
        try SyntheticData.write(to: a, users: 50, friends: 5, moments: 3, likes: 4, seed: 42, now: 1_000_000_000)
        try SyntheticData.write(to: b, users: 50, friends: 5, moments: 3, likes: 4, seed: 42, now: 1_000_000_000)
        #expect(try dump(a) == dump(b))
        try SyntheticData.write(to: b, users: 50, friends: 5, moments: 3, likes: 4, seed: 43, now: 1_000_000_000)
        #expect(try dump(a) != dump(b))
    }

    @Test func shapeFollowsTheArguments() throws {
        let path = directory.file("s.sqlite")
        try SyntheticData.write(to: path, users: 100, friends: 4, moments: 2, likes: 3, seed: 1)
        let store = try MomentsStore.open(path: path, seedDemoData: true)
        defer { store.close() }
        #expect(try store.users.user(id: "99")?.name == "User 99")
        #expect(try store.users.user(id: "100") == nil)
        let connection = try Connection(path: path, mode: .readOnly)
        defer { connection.close() }
        #expect(try connection.scalar("SELECT count(*) FROM moments") == .integer(200))
        #expect(try connection.scalar("SELECT min(n) FROM (SELECT count(*) AS n FROM friendships GROUP BY user_id)") == .integer(4))
        #expect(try connection.scalar("SELECT max(n) FROM (SELECT count(*) AS n FROM moment_likes GROUP BY moment_id)") == .integer(3))
        let violations = try connection.withStatement("PRAGMA foreign_key_check") { statement in
            var rows: [String] = []
            try statement.forEachRow { row in rows.append((0..<row.columnCount).map { "\(row.value(at: $0))" }.joined(separator: "|")) }
            return rows
        }
        #expect(violations == [])
    }
}
