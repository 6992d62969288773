import PostgreSQL
import SQLite

/// One end of a copy between engines: an open connection to a database in
/// the contract's layout. Rows move in batches of `batchSize`, so a copy
/// holds one batch in memory whatever the database's size.
enum CopyEndpoint {
    case sqlite(Connection)
    case postgreSQL(PGConnection)

    /// Rows per batch read or written. 500 rows of up to 6 columns stay well
    /// under PostgreSQL's 65,535 parameters per statement.
    static let batchSize = 500

    func tableNames() throws -> Set<String> {
        switch self {
        case .sqlite(let connection):
            try connection.withStatement("SELECT name FROM sqlite_schema WHERE type = 'table'") { statement in
                var names: Set<String> = []
                try statement.forEachRow { names.insert($0.text(at: 0)) }
                return names
            }
        case .postgreSQL(let connection):
            try PostgreSQLSchemaInstaller.tableNames(connection)
        }
    }

    /// Whether any of the contract's tables has a row.
    func hasRows() throws -> Bool {
        let tables = try tableNames()
        for table in LayoutTables.all where tables.contains(table.name) {
            switch self {
            case .sqlite(let connection):
                if try connection.scalar("SELECT EXISTS (SELECT 1 FROM \(table.name))") == .integer(1) { return true }
            case .postgreSQL(let connection):
                if try connection.query("SELECT EXISTS (SELECT 1 FROM \(table.name))").bool(0, 0) { return true }
            }
        }
        return false
    }

    func installSchema() throws {
        switch self {
        case .sqlite(let connection): try connection.executeScript(SchemaSQL.text)
        case .postgreSQL(let connection): try connection.executeScript(PostgreSQLSchema.text)
        }
    }

    func transaction<T>(_ body: () throws -> T) throws -> T {
        switch self {
        case .sqlite(let connection): try connection.transaction(.immediate, body)
        case .postgreSQL(let connection): try connection.transaction(.readWrite, body)
        }
    }

    /// Calls `body` with the table's rows, in key order, a batch at a time.
    func forEachBatch(_ table: LayoutTables.Table, _ body: ([[RowValue]]) throws -> Void) throws {
        switch self {
        case .sqlite(let connection):
            var batch: [[RowValue]] = []
            try connection.withStatement(table.select) { statement in
                try statement.forEachRow { row in
                    batch.append((0..<Int32(table.columns.count)).map { column in
                        switch row.value(at: column) {
                        case .null: .null
                        case .integer(let value): .integer(value)
                        case .text(let value): .text(value)
                        case .real(let value): .text(String(value))
                        case .blob(let bytes): .text(String(decoding: bytes, as: UTF8.self))
                        }
                    })
                    if batch.count == Self.batchSize {
                        try body(batch)
                        batch.removeAll(keepingCapacity: true)
                    }
                }
            }
            if !batch.isEmpty { try body(batch) }
        case .postgreSQL(let connection):
            // A cursor, so the server sends one batch at a time; needs a transaction.
            try connection.transaction(.snapshotRead) {
                try connection.executeScript("DECLARE moments_copy NO SCROLL CURSOR FOR \(table.select)")
                while true {
                    let rows = try connection.queryOnce("FETCH FORWARD \(Self.batchSize) FROM moments_copy")
                    guard rows.count > 0 else { break }
                    try body((0..<rows.count).map { row in
                        try rows.values(row).map { value in
                            switch value {
                            case .null: RowValue.null
                            case .integer(let value): .integer(value)
                            case .text(let value): .text(value)
                            }
                        }
                    })
                }
                try connection.executeScript("CLOSE moments_copy")
            }
        }
    }

    func insert(_ table: LayoutTables.Table, rows: [[RowValue]]) throws {
        let columns = table.columns.joined(separator: ", ")
        switch self {
        case .sqlite(let connection):
            let placeholders = (1...table.columns.count).map { "?\($0)" }.joined(separator: ", ")
            let sql = "INSERT INTO \(table.name) (\(columns)) VALUES (\(placeholders))"
            for row in rows {
                try connection.execute(sql, row.map { value -> SQLiteValue in
                    switch value {
                    case .null: .null
                    case .integer(let value): .integer(value)
                    case .text(let value): .text(value)
                    }
                })
            }
        case .postgreSQL(let connection):
            guard !rows.isEmpty else { return }
            var parameters: [PGValue] = []
            parameters.reserveCapacity(rows.count * table.columns.count)
            var tuples: [String] = []
            for row in rows {
                let first = parameters.count
                tuples.append("(" + (1...row.count).map { "$\(first + $0)" }.joined(separator: ", ") + ")")
                for value in row {
                    switch value {
                    case .null: parameters.append(.null)
                    case .integer(let value): parameters.append(.integer(value))
                    case .text(let value): parameters.append(.text(value))
                    }
                }
            }
            try connection.queryOnce("INSERT INTO \(table.name) (\(columns)) VALUES \(tuples.joined(separator: ", "))", parameters)
        }
    }

    /// Copies every row of the contract's tables from `source` into this
    /// endpoint, inside the caller's transaction; returns the rows per table.
    @discardableResult
    func copyRows(from source: CopyEndpoint) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in LayoutTables.all {
            var count = 0
            try source.forEachBatch(table) { batch in
                try insert(table, rows: batch)
                count += batch.count
            }
            counts[table.name] = count
        }
        return counts
    }
}
