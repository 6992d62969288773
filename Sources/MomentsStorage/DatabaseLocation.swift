/// Where the data lives, from the database option: a libpq URI
/// (`postgres://...` or `postgresql://...`) is PostgreSQL; anything else is
/// a SQLite file path.
package enum DatabaseLocation: Sendable, Hashable, CustomStringConvertible {
    case sqlite(path: String)
    case postgreSQL(uri: String)

    package init(_ text: String) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
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

    /// For logs and pages: a URI without its password.
    package var description: String {
        switch self {
        case .sqlite(let path): return path
        case .postgreSQL(let uri):
            // postgresql://user:secret@host/db -> postgresql://user:***@host/db
            guard let at = uri.firstIndex(of: "@"), let scheme = uri.firstRange(of: "://"),
                  let colon = uri[scheme.upperBound..<at].firstIndex(of: ":") else { return uri }
            return String(uri[..<uri.index(after: colon)]) + "***" + String(uri[at...])
        }
    }
}
