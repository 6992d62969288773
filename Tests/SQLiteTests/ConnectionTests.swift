import CSQLite
import Testing
@testable import SQLite
import TestSupport

struct ConnectionTests {
    let directory: TemporaryDirectory
    let connection: Connection

    init() throws {
        directory = try TemporaryDirectory()
        connection = try Connection(path: directory.file("test.sqlite"))
        try connection.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY, value)")
    }

    struct RoundTripCase: Sendable, CustomTestStringConvertible {
        let name: String
        let value: SQLiteValue
        var testDescription: String { name }
    }

    @Test(arguments: [
        RoundTripCase(name: "null", value: .null),
        RoundTripCase(name: "integer", value: .integer(-9_007_199_254_740_993)),
        RoundTripCase(name: "real", value: .real(3.25)),
        RoundTripCase(name: "text", value: .text("hello")),
        RoundTripCase(name: "empty text stays text", value: .text("")),
        RoundTripCase(name: "unicode text", value: .text("Swift 5.5 \u{1F389} é")),
        RoundTripCase(name: "text with NUL", value: .text("a\u{0}b")),
        RoundTripCase(name: "blob", value: .blob([0, 1, 255])),
        RoundTripCase(name: "empty blob", value: .blob([])),
    ])
    func valuesRoundTrip(_ testCase: RoundTripCase) throws {
        try connection.execute("INSERT INTO t (id, value) VALUES (1, ?1)", [testCase.value])
        let read = try connection.scalar("SELECT value FROM t WHERE id = 1")
        #expect(read == testCase.value)
    }

    @Test func prepareErrorCarriesCodeMessageAndSQL() throws {
        let sql = "SELECT nope FROM t"
        #expect {
            try connection.execute(sql)
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR && error.message == "no such column: nope" && error.sql == sql
        }
    }

    @Test func constraintErrorCarriesExtendedCode() throws {
        try connection.execute("INSERT INTO t (id, value) VALUES (1, 'a')")
        #expect {
            try connection.execute("INSERT INTO t (id, value) VALUES (1, 'b')")
        } throws: { error in
            (error as? SQLiteError)?.extendedCode == SQLITE_CONSTRAINT | (6 << 8)  // SQLITE_CONSTRAINT_PRIMARYKEY (a macro Swift cannot import)
        }
    }

    @Test func statementCacheReusesAndEvictsOnFailure() throws {
        let insert = "INSERT INTO t (id, value) VALUES (?1, ?2)"
        try connection.execute(insert, [1, "a"])
        try connection.execute(insert, [2, "b"])
        #expect(connection.cachedStatementCount == 1)
        #expect(throws: SQLiteError.self) { try connection.execute(insert, [1, "c"]) }
        #expect(connection.cachedStatementCount == 0)
        try connection.execute(insert, [3, "c"])
        #expect(try connection.scalar("SELECT count(*) FROM t") == .integer(3))
    }

    @Test func refusesTwoStatementsInOnePreparedStatement() throws {
        #expect(throws: SQLiteError.self) { _ = try connection.prepare("SELECT 1; SELECT 2") }
    }

    @Test func observerSeesEveryStatementRun() throws {
        let seen = Recorder()
        try connection.setStatementObserver { seen.append($0) }
        try connection.execute("INSERT INTO t (id, value) VALUES (?1, 'x')", [7])
        _ = try connection.scalar("SELECT count(*) FROM t")
        #expect(seen.values == ["INSERT INTO t (id, value) VALUES (?1, 'x')", "SELECT count(*) FROM t"])
    }

    @Test func closedConnectionThrowsMisuse() throws {
        connection.close()
        #expect {
            try connection.execute("SELECT 1")
        } throws: { error in
            (error as? SQLiteError)?.code == SQLITE_MISUSE
        }
    }
}
