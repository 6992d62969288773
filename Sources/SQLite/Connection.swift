import CSQLite

/// One SQLite connection (`sqlite3*`), with its statement cache.
///
/// Not `Sendable`: one thread uses a connection at a time (the pool or the
/// writer queue that owns it guarantees this), so it is opened with
/// `SQLITE_OPEN_NOMUTEX` and skips SQLite's own per-connection mutex.
package final class Connection {
    /// How a connection opens its file.
    package enum OpenMode: Sendable {
        case readWriteCreate
        case readWrite
        case readOnly

        var flags: Int32 {
            switch self {
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readOnly: SQLITE_OPEN_READONLY
            }
        }
    }

    private var handle: OpaquePointer?
    private let cache = StatementCache()
    private var traceBox: TraceBox?
    /// The file this connection opened.
    package let path: String

    /// Process-wide settings applied once, before SQLite initializes itself
    /// on the first open: memory statistics off, so allocations from
    /// different connections do not contend on one global mutex.
    private static let processSetUp: Void = {
        // SQLITE_MISUSE means SQLite was initialized already (by other code); harmless.
        _ = csqlite_disable_memory_statistics()
    }()

    package init(path: String, mode: OpenMode = .readWriteCreate) throws(SQLiteError) {
        Self.processSetUp
        var db: OpaquePointer?
        let resultCode = sqlite3_open_v2(path, &db, mode.flags | SQLITE_OPEN_NOMUTEX, nil)
        guard resultCode == SQLITE_OK, let db else {
            let error = SQLiteError.capture(db, resultCode: resultCode, sql: nil)
            sqlite3_close_v2(db)
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
        self.handle = db
        self.path = path
    }

    deinit {
        close()
    }

    /// Finalizes the cached statements and closes the connection; later calls throw.
    package func close() {
        cache.removeAll()
        if let handle {
            sqlite3_trace_v2(handle, 0, nil, nil)
            sqlite3_close_v2(handle)
        }
        handle = nil
        traceBox = nil
    }

    func db() throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError.closed("connection") }
        return handle
    }

    // MARK: Statements

    /// Runs a script of one or more statements (schema, pragmas), uncached.
    package func executeScript(_ sql: String) throws(SQLiteError) {
        let db = try db()
        let resultCode = sqlite3_exec(db, sql, nil, nil, nil)
        guard resultCode == SQLITE_OK else {
            throw SQLiteError.capture(db, resultCode: resultCode, sql: sql)
        }
    }

    /// Prepares a statement that is not cached (one-off SQL).
    package func prepare(_ sql: String) throws(SQLiteError) -> Statement {
        try Statement(db: db(), sql: sql, persistent: false)
    }

    /// Runs `body` with the cached statement for `sql`, bound to `arguments`.
    /// The statement is reset afterwards, and evicted from the cache if `body` throws.
    package func withStatement<T>(_ sql: String, _ arguments: [SQLiteValue] = [], _ body: (Statement) throws -> T) throws -> T {
        let statement = try cache.statement(sql, db: db())
        defer { statement.reset() }
        do {
            try statement.bind(arguments)
            return try body(statement)
        } catch {
            cache.evict(sql)
            throw error
        }
    }

    /// Runs one cached statement to completion, ignoring rows.
    package func execute(_ sql: String, _ arguments: [SQLiteValue] = []) throws {
        try withStatement(sql, arguments) { try $0.execute() }
    }

    /// The first column of the first row, or `nil` when there is no row.
    package func scalar(_ sql: String, _ arguments: [SQLiteValue] = []) throws -> SQLiteValue? {
        try withStatement(sql, arguments) { statement in
            try statement.step() ? statement.value(at: 0) : nil
        }
    }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    package var changes: Int {
        handle.map { Int(sqlite3_changes64($0)) } ?? 0
    }

    /// Whether no transaction is open.
    package var isAutocommit: Bool {
        handle.map { sqlite3_get_autocommit($0) != 0 } ?? true
    }

    var cachedStatementCount: Int { cache.count }

    // MARK: Tracing

    /// Calls `observer` with the SQL of every statement as it starts running
    /// (`sqlite3_trace_v2` with `SQLITE_TRACE_STMT`); `nil` removes it.
    package func setStatementObserver(_ observer: (@Sendable (String) -> Void)?) throws(SQLiteError) {
        let db = try db()
        guard let observer else {
            sqlite3_trace_v2(db, 0, nil, nil)
            traceBox = nil
            return
        }
        let box = TraceBox(observer: observer)
        traceBox = box
        sqlite3_trace_v2(db, UInt32(SQLITE_TRACE_STMT), { _, context, statement, _ in
            guard let context, let statement else { return 0 }
            let box = Unmanaged<TraceBox>.fromOpaque(context).takeUnretainedValue()
            if let sql = sqlite3_sql(OpaquePointer(statement)) {
                box.observer(String(cString: sql))
            }
            return 0
        }, Unmanaged.passUnretained(box).toOpaque())
    }
}

private final class TraceBox {
    let observer: @Sendable (String) -> Void
    init(observer: @escaping @Sendable (String) -> Void) { self.observer = observer }
}

@available(*, unavailable)
extension Connection: Sendable {}
