import PostgreSQL
import SQLite

/// `moments-bff copy`: every row of the contract's tables from one database
/// to another, SQLite or PostgreSQL either way, in one target transaction.
package enum DatabaseCopy {
    package enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        case targetNotEmpty(String)
        case sourceMissingTables([String])

        package var description: String {
            switch self {
            case .targetNotEmpty(let target): "\(target) already holds rows; copy only into an empty database"
            case .sourceMissingTables(let tables): "the source lacks the tables \(tables.joined(separator: ", "))"
            }
        }
    }

    /// Copies `source` into `target`: a target with no tables gets the
    /// layout first; one whose tables hold any row is refused. Returns the
    /// rows copied per table.
    @discardableResult
    package static func copy(from source: DatabaseLocation, to target: DatabaseLocation, settings: PGConnectionSettings = PGConnectionSettings()) throws -> [String: Int] {
        let (from, closeSource) = try open(source, create: false, settings: settings)
        defer { closeSource() }
        let (to, closeTarget) = try open(target, create: true, settings: settings)
        defer { closeTarget() }
        let missing = SchemaInstaller.requiredTables.filter { !((try? from.tableNames()) ?? []).contains($0) }
        guard missing.isEmpty else { throw Failure.sourceMissingTables(missing) }
        return try to.transaction {
            let tables = try to.tableNames()
            if tables.isEmpty {
                try to.installSchema()
            } else if try to.hasRows() {
                throw Failure.targetNotEmpty(target.description)
            }
            return try to.copyRows(from: from)
        }
    }

    private static func open(_ location: DatabaseLocation, create: Bool, settings: PGConnectionSettings) throws -> (CopyEndpoint, () -> Void) {
        switch location {
        case .sqlite(let path):
            let connection = try Connection(path: path, mode: create ? .readWriteCreate : .readOnly)
            try connection.executeScript("PRAGMA foreign_keys = ON")
            return (.sqlite(connection), { connection.close() })
        case .postgreSQL(let uri):
            let connection = try PGConnection(uri: uri, settings: settings)
            return (.postgreSQL(connection), { connection.close() })
        case .unrecognized:
            throw DatabaseLocation.Unrecognized(shown: location.description)
        }
    }
}
