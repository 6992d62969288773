#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CSQLite

/// A prepared statement: owns its `sqlite3_stmt` and finalizes it in `deinit`.
///
/// Not `Sendable`: a statement belongs to its connection, which one thread
/// uses at a time. Columns and parameters are numbered as SQLite numbers
/// them: parameters from 1, columns from 0.
package final class Statement {
    let handle: OpaquePointer
    let db: OpaquePointer
    /// The SQL text this statement was prepared from.
    package let sql: String

    init(db: OpaquePointer, sql: String, persistent: Bool) throws(SQLiteError) {
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        // SQLITE_PREPARE_PERSISTENT: "a hint to the query planner that the
        // prepared statement will be retained for a long time and probably reused many times."
        let flags = persistent ? UInt32(SQLITE_PREPARE_PERSISTENT) : 0
        // `tail` points into the C string, so it is read inside `withCString`:
        // passing `sql` directly would bridge it to a temporary buffer that is
        // gone when the call returns (seen as a spurious "more than one statement").
        let (resultCode, hasTail) = sql.withCString { text in
            let resultCode = sqlite3_prepare_v3(db, text, -1, flags, &statement, &tail)
            let hasTail = tail.map { $0.pointee != 0 && !String(cString: $0).allSatisfy(\.isWhitespace) } ?? false
            return (resultCode, hasTail)
        }
        guard resultCode == SQLITE_OK, let statement else {
            throw SQLiteError.capture(db, resultCode: resultCode, sql: sql)
        }
        if hasTail {
            sqlite3_finalize(statement)
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "more than one statement in prepared SQL", sql: sql)
        }
        self.handle = statement
        self.db = db
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Virtual-machine steps this statement has run since it was prepared
    /// (`SQLITE_STMTSTATUS_VM_STEP`): the work a query did, for tests that
    /// bound how much of a table it reads.
    package var virtualMachineSteps: Int {
        Int(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 0))
    }

    // MARK: Parameters

    /// Resets the statement and binds `values` to parameters 1, 2, ...
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        reset()
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    package func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        switch value {
        case .null: try check(sqlite3_bind_null(handle, index))
        case .integer(let integer): try check(sqlite3_bind_int64(handle, index, integer))
        case .real(let real): try check(sqlite3_bind_double(handle, index, real))
        case .text(let text): try bind(text: text, at: index)
        case .blob(let bytes):
            let resultCode = bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1), UInt64(buffer.count), csqlite_transient())
            }
            try check(resultCode)
        }
    }

    package func bind(text: String, at index: Int32) throws(SQLiteError) {
        var text = text
        let resultCode = text.withUTF8 { buffer -> Int32 in
            // An empty buffer may have no base address, which SQLite would bind as NULL.
            guard let base = buffer.baseAddress else {
                return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
            }
            return base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                sqlite3_bind_text64(handle, index, chars, UInt64(buffer.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
        try check(resultCode)
    }

    package func bind(int64 value: Int64, at index: Int32) throws(SQLiteError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Ends any run in progress and clears the bindings, so the statement can
    /// go back to the cache without holding a read snapshot.
    package func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    // MARK: Running

    /// Advances to the next row: `true` when a row is available, `false` when done.
    package func step() throws(SQLiteError) -> Bool {
        let resultCode = sqlite3_step(handle)
        switch resultCode {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = SQLiteError.capture(db, resultCode: resultCode, sql: sql)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs the statement to completion, ignoring rows.
    package func execute() throws(SQLiteError) {
        while try step() {}
    }

    /// Calls `body` once per row.
    package func forEachRow(_ body: (Statement) throws -> Void) throws {
        while try step() {
            try body(self)
        }
    }

    // MARK: Columns

    package var columnCount: Int32 { sqlite3_column_count(handle) }

    package func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    package func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    package func double(at column: Int32) -> Double {
        sqlite3_column_double(handle, column)
    }

    /// The column as UTF-8 text; NULL reads as the empty string.
    package func text(at column: Int32) -> String {
        // Call order from the SQLite docs: sqlite3_column_text() first, then sqlite3_column_bytes().
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Whether the column's text is exactly `string`'s UTF-8, compared in
    /// place without making a String (NULL equals nothing).
    package func text(at column: Int32, equals string: String) -> Bool {
        guard let bytes = sqlite3_column_text(handle, column) else { return false }
        let count = Int(sqlite3_column_bytes(handle, column))
        var string = string
        return string.withUTF8 { utf8 in
            guard utf8.count == count else { return false }
            guard count > 0, let base = utf8.baseAddress else { return true }
            return memcmp(base, bytes, count) == 0
        }
    }

    package func optionalText(at column: Int32) -> String? {
        isNull(at: column) ? nil : text(at: column)
    }

    package func value(at column: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return .integer(int64(at: column))
        case SQLITE_FLOAT: return .real(double(at: column))
        case SQLITE_TEXT: return .text(text(at: column))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let base = sqlite3_column_blob(handle, column), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        default: return .null
        }
    }

    private func check(_ resultCode: Int32) throws(SQLiteError) {
        guard resultCode == SQLITE_OK else {
            throw SQLiteError.capture(db, resultCode: resultCode, sql: sql)
        }
    }
}

@available(*, unavailable)
extension Statement: Sendable {}
