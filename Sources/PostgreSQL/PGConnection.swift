#if canImport(Glibc)
import Glibc
#endif
import CPostgreSQL

/// One libpq connection (`PGconn*`), with its prepared statements.
///
/// Not `Sendable`: one thread uses it at a time (the pool that lends it
/// guarantees this). Every call blocks that thread until the server answers
/// or the call's `PGWait` ends: libpq runs in non-blocking mode and the
/// thread waits in `poll` on the connection's socket, so a silent network
/// costs a caller its own bound, never TCP's minutes. A call that ends
/// without its answer closes the connection: what the server did with the
/// statement is unknown, and the connection cannot be trusted again.
package final class PGConnection {
    private var handle: OpaquePointer?
    /// SQL -> the name it was prepared under on this connection.
    private var prepared: [String: String] = [:]
    private let observer: (@Sendable (String) -> Void)?
    /// What bounds each call's wait for the server: the pool sets it to the
    /// borrower's for each loan (`PGPool.withConnection`). Nil: each call
    /// waits at most the statement timeout plus a second from its start.
    package var wait: PGWait?
    private let statementBound: Duration
    /// On a standby, the replay position this connection last read
    /// (`pg_last_wal_replay_lsn()`, `PGLSN`): it only grows while the
    /// connection lasts, so a read that needs no more need not ask again.
    package var replayedLSN: UInt64 = 0

    /// Connects with `uri` (a libpq connection URI, `postgres://...`) and
    /// `settings`, within `wait` (if any) and the settings' connect timeout;
    /// later calls wait within `wait` too until it is changed.
    package init(uri: String, settings: PGConnectionSettings, wait: PGWait? = nil) throws(PGError) {
        handle = try Self.connect(uri: uri, settings: settings, wait: wait ?? PGWait(deadline: .now.advanced(by: .seconds(settings.connectTimeoutSeconds))))
        observer = settings.statementObserver
        statementBound = settings.statementBound
        self.wait = wait
    }

    deinit {
        close()
    }

    package func close() {
        if let handle { cpq_PQfinish(handle) }
        handle = nil
        prepared.removeAll()
    }

    /// Opens a `PGconn` with `PQconnectStartParams` and `PQconnectPoll`,
    /// waiting in `poll` within `wait` capped at the connect timeout (libpq
    /// enforces `connect_timeout` only in its blocking calls). Host names
    /// are resolved before the first wait, by libpq, blocking: give an
    /// address where a resolver may be slow.
    static func connect(uri: String, settings: PGConnectionSettings, wait: PGWait) throws(PGError) -> OpaquePointer {
        try loadLibPQ()
        let wait = wait.capped(at: .seconds(settings.connectTimeoutSeconds))
        let parameters = settings.parameters(uri: uri)
        let keywords = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let started: OpaquePointer? = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordPointers in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valuePointers in
                cpq_PQconnectStartParams(keywordPointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
        guard let conn = started else { throw PGError(sqlState: PGError.connectionFailure, message: "out of memory", call: "PQconnectStartParams") }
        cpq_ignore_notices(conn)
        do throws(PGError) {
            try finishConnecting(conn, wait: wait)
            guard cpq_PQsetnonblocking(conn, 1) == 0 else { throw PGError.connection(conn, call: "PQsetnonblocking") }
            return conn
        } catch {
            cpq_PQfinish(conn)
            throw error.redacting(passwordsOf: PGConnectionString(uri))
        }
    }

    /// The call named by errors of connecting.
    package static let connectCall = "PQconnectPoll"

    /// libpq's connection state machine: poll the socket for what `PQconnectPoll` asks, until it is done.
    private static func finishConnecting(_ conn: OpaquePointer, wait: PGWait) throws(PGError) {
        guard cpq_PQstatus(conn) != CONNECTION_BAD else { throw PGError.connection(conn, call: "PQconnectStartParams") }
        var polling = PGRES_POLLING_WRITING
        while true {
            switch polling {
            case PGRES_POLLING_OK:
                return
            case PGRES_POLLING_READING:
                try wait.until(cpq_PQsocket(conn), ready: Int16(POLLIN), call: connectCall)
            case PGRES_POLLING_WRITING:
                try wait.until(cpq_PQsocket(conn), ready: Int16(POLLOUT), call: connectCall)
            default:
                throw PGError.connection(conn, call: connectCall)
            }
            polling = cpq_PQconnectPoll(conn)
        }
    }

    /// Maps libpq into the process on the first connection (Sources/CPostgreSQL
    /// says why it is not linked). Every other libpq call needs a connection
    /// or a result, which only exist after this succeeded.
    private static func loadLibPQ() throws(PGError) {
        var message = [CChar](repeating: 0, count: 256)
        guard cpq_load(&message, message.count) == 0 else { return }
        let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // SQLSTATE 58P01, undefined_file: the library is missing, not the server.
        throw PGError(sqlState: "58P01", message: text, call: "dlopen")
    }

    private func conn() throws(PGError) -> OpaquePointer {
        guard let handle else { throw PGError.unavailable("connection is closed") }
        return handle
    }

    /// Whether libpq still considers the connection usable and no transaction is left open.
    package var isReusable: Bool {
        guard let handle else { return false }
        return cpq_PQstatus(handle) == CONNECTION_OK && cpq_PQtransactionStatus(handle) == PQTRANS_IDLE
    }

    // MARK: Statements

    /// Runs `sql` as a prepared statement (prepared once per connection with
    /// `PQsendPrepare`, then `PQsendQueryPrepared`), with `parameters` as $1, $2, ...
    @discardableResult
    package func query(_ sql: String, _ parameters: [PGValue] = []) throws(PGError) -> PGRows {
        let conn = try conn()
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "moments_\(prepared.count)"
            _ = try exchange(conn, call: "PQsendPrepare", sql: sql) { cpq_PQsendPrepare(conn, name, sql, 0, nil) }
            prepared[sql] = name
        }
        observer?(sql)
        return try Self.withCStrings(parameters) { values throws(PGError) in
            try exchange(conn, call: "PQsendQueryPrepared", sql: sql) {
                cpq_PQsendQueryPrepared(conn, name, Int32(values.count), values, nil, nil, 0)
            }
        }
    }

    /// Runs `sql` once, unprepared (`PQsendQueryParams`): for statements whose text varies (batched inserts).
    @discardableResult
    package func queryOnce(_ sql: String, _ parameters: [PGValue] = []) throws(PGError) -> PGRows {
        let conn = try conn()
        observer?(sql)
        return try Self.withCStrings(parameters) { values throws(PGError) in
            try exchange(conn, call: "PQsendQueryParams", sql: sql) {
                cpq_PQsendQueryParams(conn, sql, Int32(values.count), nil, values, nil, nil, 0)
            }
        }
    }

    /// Runs a script of one or more statements without parameters (`PQsendQuery`): schema, BEGIN, COMMIT.
    package func executeScript(_ sql: String) throws(PGError) {
        let conn = try conn()
        observer?(sql)
        _ = try exchange(conn, call: "PQsendQuery", sql: sql) { cpq_PQsendQuery(conn, sql) }
    }

    /// Sends with `send`, flushes, and reads every result of the command:
    /// the rows of the last, or the first error. Closes the connection when
    /// `wait` ends first or the connection fails.
    private func exchange(
        _ conn: OpaquePointer, call: String, sql: String, send: () -> Int32
    ) throws(PGError) -> PGRows {
        let wait = wait ?? PGWait(deadline: .now.advanced(by: statementBound))
        do throws(PGError) {
            guard send() == 1 else { throw PGError.connection(conn, call: call, sql: sql) }
            try flush(conn, call: call, wait: wait)
            var rows: PGRows?
            var failure: PGError?
            while true {
                while cpq_PQisBusy(conn) == 1 {
                    try wait.until(cpq_PQsocket(conn), ready: Int16(POLLIN), call: call)
                    guard cpq_PQconsumeInput(conn) == 1 else { throw PGError.connection(conn, call: call, sql: sql) }
                }
                guard let result = cpq_PQgetResult(conn) else { break }
                switch cpq_PQresultStatus(result) {
                case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
                    rows = PGRows(result: result, sql: sql)
                default:
                    if failure == nil { failure = PGError.result(result, conn: conn, call: call, sql: sql) }
                    cpq_PQclear(result)
                }
            }
            if let failure { throw failure }
            guard let rows else { throw PGError.connection(conn, call: call, sql: sql) }
            return rows
        } catch {
            if error.isUnanswered || error.isConnectionFailure { close() }
            throw error
        }
    }

    /// Writes what libpq holds for the server; waits for the socket when its buffer is full.
    private func flush(_ conn: OpaquePointer, call: String, wait: PGWait) throws(PGError) {
        while true {
            switch cpq_PQflush(conn) {
            case 0:
                return
            case 1:
                // Reading too: the server may be waiting for us to read before it reads more.
                try wait.until(cpq_PQsocket(conn), ready: Int16(POLLIN | POLLOUT), call: call)
                guard cpq_PQconsumeInput(conn) == 1 else { throw PGError.connection(conn, call: call) }
            default:
                throw PGError.connection(conn, call: call)
            }
        }
    }

    /// `parameters` as NUL-terminated C strings (NULL for SQL NULL), alive during `body`.
    private static func withCStrings<T>(
        _ parameters: [PGValue], _ body: ([UnsafePointer<CChar>?]) throws(PGError) -> T
    ) throws(PGError) -> T {
        let strings = parameters.map { $0.textFormat.map { strdup($0) } ?? nil }
        defer { strings.forEach { free($0) } }
        return try body(strings.map { $0.map { UnsafePointer($0) } })
    }

    /// The server's version number (`PQserverVersion`: 160004 for 16.4).
    package var serverVersion: Int {
        handle.map { Int(cpq_PQserverVersion($0)) } ?? 0
    }
}

@available(*, unavailable)
extension PGConnection: Sendable {}
