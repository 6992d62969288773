import SQLite
import Testing
import TestSupport

/// Another program writing the database a test server serves: `sql` (a
/// script) through `psql` on PostgreSQL (`MOMENTS_TEST_ENGINE=postgresql`),
/// through a SQLite connection of its own on the file otherwise.
/// `databasePath` is the test's SQLite path, as given to `ServerProcess`.
func writeAsAnotherProgram(_ sql: String, databasePath: String) throws {
    let database = try PostgreSQLServer.database(for: databasePath)
    if database.hasPrefix("postgres") {
        let name = try #require(database.split(separator: "/").last.map(String.init))
        try PostgreSQLServer.shared().psql(sql, database: name)
    } else {
        let connection = try Connection(path: database, mode: .readWrite)
        defer { connection.close() }
        try connection.executeScript(sql)
    }
}
