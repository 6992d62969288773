import PostgreSQL

/// Where the data lives, from the database option: a libpq connection
/// string is PostgreSQL, either a URI (`postgres://...` or
/// `postgresql://...`) or keyword/value (`host=db dbname=moments`, opening
/// with one of libpq's keywords); anything else is a SQLite file path.
package enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    /// Any libpq connection string, passed to libpq as it is (its `dbname` expands either form).
    case postgreSQL(uri: String)

    package init(_ text: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") || PGConnectionString.isKeywordValue(text) {
            self = .postgreSQL(uri: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// Where files that go with the database live (`PATH-toggles.json`):
    /// the file's own path, or `moments` in the working directory for a
    /// PostgreSQL database (a URI is no file name).
    package var localFileStem: String {
        switch self {
        case .sqlite(let path): path
        case .postgreSQL: "moments"
        }
    }

    /// For logs, error messages and pages: a connection string without its
    /// passwords (`PGConnectionString` says which parts those are).
    package var description: String {
        switch self {
        case .sqlite(let path): path
        case .postgreSQL(let uri): PGConnectionString(uri).redacted
        }
    }
}
