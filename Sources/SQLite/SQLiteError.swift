import CSQLite

/// An error reported by SQLite, captured at the C call that failed.
///
/// Like GRDB's `DatabaseError`: the extended result code, SQLite's own
/// message (read at once from `sqlite3_errmsg`), and the SQL being run.
package struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_FOREIGNKEY`, `SQLITE_BUSY_SNAPSHOT`, ...).
    package let extendedCode: Int32
    /// SQLite's message, or ours for misuse of the wrapper.
    package let message: String
    /// The statement being prepared or run, when there was one.
    package let sql: String?

    package init(extendedCode: Int32, message: String, sql: String? = nil) {
        self.extendedCode = extendedCode
        self.message = message
        self.sql = sql
    }

    /// The primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    package var code: Int32 { extendedCode & 0xFF }

    package var description: String {
        var text = "SQLite error \(code) (extended \(extendedCode)): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// Reads the connection's error state right after a call returned `resultCode`.
    static func capture(_ db: OpaquePointer?, resultCode: Int32, sql: String?) -> SQLiteError {
        let message = db.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(resultCode))
        return SQLiteError(extendedCode: resultCode, message: message, sql: sql)
    }

    /// A write whose commit had not finished by its caller's deadline: the
    /// caller stops waiting; the write may still commit (`SQLITE_BUSY_TIMEOUT`).
    static let commitNotInTime = SQLiteError(extendedCode: SQLITE_BUSY | (3 << 8), message: "the commit did not finish by the deadline")

    /// `commitNotInTime`: the outcome of the write is unknown.
    package var isCommitNotInTime: Bool { self == Self.commitNotInTime }

    /// Misuse of a closed pool or connection.
    static func closed(_ what: String) -> SQLiteError {
        SQLiteError(extendedCode: SQLITE_MISUSE, message: "\(what) is closed")
    }
}
