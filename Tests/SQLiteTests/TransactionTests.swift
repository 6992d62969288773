import Testing
@testable import SQLite
import TestSupport

struct TransactionTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.file("test.sqlite"))
        try connection.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY)")
    }

    private struct Boom: Error, Equatable {}

    private func count() throws -> SQLiteValue? { try connection.scalar("SELECT count(*) FROM t") }

    @Test func commitsWhenBodyReturns() throws {
        let value = try connection.transaction(.immediate) {
            try connection.execute("INSERT INTO t VALUES (1)")
            return 42
        }
        #expect(value == 42)
        #expect(try count() == .integer(1))
        #expect(connection.isAutocommit)
    }

    @Test func rollsBackAndRethrowsWhenBodyThrows() throws {
        #expect(throws: Boom.self) {
            try connection.transaction {
                try connection.execute("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try count() == .integer(0))
        #expect(connection.isAutocommit)
    }

    @Test func failedSavepointUndoesOnlyItsOwnChanges() throws {
        try connection.transaction(.immediate) {
            try connection.savepoint("first") { try connection.execute("INSERT INTO t VALUES (1)") }
            #expect(throws: SQLiteError.self) {
                try connection.savepoint("second") {
                    try connection.execute("INSERT INTO t VALUES (2)")
                    try connection.execute("INSERT INTO t VALUES (1)")  // primary key violation
                }
            }
            try connection.savepoint("third") { try connection.execute("INSERT INTO t VALUES (3)") }
        }
        let ids = try connection.withStatement("SELECT id FROM t ORDER BY id") { statement in
            var ids: [Int64] = []
            try statement.forEachRow { ids.append($0.int64(at: 0)) }
            return ids
        }
        #expect(ids == [1, 3])
    }
}
