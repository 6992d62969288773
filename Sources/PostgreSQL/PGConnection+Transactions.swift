/// How a transaction sees the data (PostgreSQL docs, "Transaction Isolation").
package enum PGTransactionKind: Sendable {
    /// READ COMMITTED, read-write: for writes.
    case readWrite
    /// REPEATABLE READ READ ONLY: every statement reads the same snapshot,
    /// as SQLite's read transaction does.
    case snapshotRead

    /// The statement that opens it.
    package var beginSQL: String { begin }

    var begin: String {
        switch self {
        case .readWrite: "BEGIN"
        case .snapshotRead: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"
        }
    }
}

extension PGConnection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when
    /// it (or the commit) throws, and rethrows that first error.
    package func transaction<T>(_ kind: PGTransactionKind = .readWrite, _ body: () throws -> T) throws -> T {
        try executeScript(kind.begin)
        do {
            let result = try body()
            try executeScript("COMMIT")
            return result
        } catch {
            // On a broken connection this fails too; the pool drops the connection.
            try? executeScript("ROLLBACK")
            throw error
        }
    }
}
