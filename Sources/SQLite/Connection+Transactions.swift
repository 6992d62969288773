import CSQLite

/// How a transaction takes its locks (SQLite "BEGIN" docs).
package enum TransactionKind: String, Sendable {
    /// Takes locks on first use; for reads.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so a write never fails to upgrade a read
    /// lock halfway through (SQLITE_BUSY that a busy timeout cannot retry).
    case immediate = "IMMEDIATE"
    case exclusive = "EXCLUSIVE"

    /// The BEGIN statement, spelled once (no string building per transaction).
    var begin: String {
        switch self {
        case .deferred: "BEGIN DEFERRED TRANSACTION"
        case .immediate: "BEGIN IMMEDIATE TRANSACTION"
        case .exclusive: "BEGIN EXCLUSIVE TRANSACTION"
        }
    }
}

extension Connection {
    /// Runs `body` in a transaction: commits when it returns, rolls back when
    /// it (or the commit) throws, and rethrows that first error.
    package func transaction<T>(_ kind: TransactionKind = .deferred, _ body: () throws -> T) throws -> T {
        try execute(kind.begin)
        do {
            let result = try body()
            try execute("COMMIT TRANSACTION")
            return result
        } catch {
            // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) roll back on their own.
            if !isAutocommit {
                try? execute("ROLLBACK TRANSACTION")
            }
            throw error
        }
    }

    /// Runs `body` inside `SAVEPOINT name`: released when it returns, rolled
    /// back to (and released) when it throws, rethrowing the error. Inside a
    /// transaction this undoes one operation without touching the others.
    package func savepoint<T>(_ name: String, _ body: () throws -> T) throws -> T {
        precondition(name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !name.isEmpty, "savepoint names are identifiers")
        try execute("SAVEPOINT \(name)")
        do {
            let result = try body()
            try execute("RELEASE SAVEPOINT \(name)")
            return result
        } catch {
            if !isAutocommit {
                try? execute("ROLLBACK TO SAVEPOINT \(name)")
                try? execute("RELEASE SAVEPOINT \(name)")
            }
            throw error
        }
    }
}
