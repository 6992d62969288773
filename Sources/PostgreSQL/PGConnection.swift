#if canImport(Glibc)
import Glibc
#endif
import CPostgreSQL

/// One libpq connection (`PGconn*`), with its prepared statements.
///
/// Not `Sendable`: one thread uses it at a time (the pool that lends it
/// guarantees this). Every call blocks that thread until the server answers,
/// as SQLite's calls block the handler thread that makes them.
package final class PGConnection {
    private var handle: OpaquePointer?
    /// SQL -> the name it was prepared under on this connection.
    private var prepared: [String: String] = [:]
    private let observer: (@Sendable (String) -> Void)?

    /// Connects with `uri` (a libpq connection URI, `postgres://...`) and `settings`.
    package init(uri: String, settings: PGConnectionSettings) throws(PGError) {
        handle = try Self.connect(uri: uri, settings: settings)
        observer = settings.statementObserver
    }

    deinit {
        close()
    }

    package func close() {
        if let handle { cpq_PQfinish(handle) }
        handle = nil
        prepared.removeAll()
    }

    /// Opens a `PGconn` (blocking, bounded by `connect_timeout`); nil never: throws instead.
    static func connect(uri: String, settings: PGConnectionSettings) throws(PGError) -> OpaquePointer {
        try loadLibPQ()
        let parameters = settings.parameters(uri: uri)
        let keywords = parameters.map { strdup($0.0) }
        let values = parameters.map { strdup($0.1) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let conn: OpaquePointer? = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordPointers in
            (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valuePointers in
                cpq_PQconnectdbParams(keywordPointers.baseAddress, valuePointers.baseAddress, 1)
            }
        }
        guard let conn, cpq_PQstatus(conn) == CONNECTION_OK else {
            let error = PGError.connection(conn, call: "PQconnectdbParams").redacting(passwordsOf: PGConnectionString(uri))
            if let conn { cpq_PQfinish(conn) }
            throw error
        }
        return conn
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
    /// `PQprepare`, then `PQexecPrepared`), with `parameters` as $1, $2, ...
    @discardableResult
    package func query(_ sql: String, _ parameters: [PGValue] = []) throws(PGError) -> PGRows {
        let conn = try conn()
        let name: String
        if let known = prepared[sql] {
            name = known
        } else {
            name = "moments_\(prepared.count)"
            guard let result = cpq_PQprepare(conn, name, sql, 0, nil) else {
                throw PGError.connection(conn, call: "PQprepare", sql: sql)
            }
            defer { cpq_PQclear(result) }
            guard cpq_PQresultStatus(result) == PGRES_COMMAND_OK else {
                throw PGError.result(result, conn: conn, call: "PQprepare", sql: sql)
            }
            prepared[sql] = name
        }
        observer?(sql)
        let result = Self.withCStrings(parameters) { values in
            cpq_PQexecPrepared(conn, name, Int32(values.count), values, nil, nil, 0)
        }
        return try rows(result, conn: conn, call: "PQexecPrepared", sql: sql)
    }

    /// Runs `sql` once, unprepared (`PQexecParams`): for statements whose text varies (batched inserts).
    @discardableResult
    package func queryOnce(_ sql: String, _ parameters: [PGValue] = []) throws(PGError) -> PGRows {
        let conn = try conn()
        observer?(sql)
        let result = Self.withCStrings(parameters) { values in
            cpq_PQexecParams(conn, sql, Int32(values.count), nil, values, nil, nil, 0)
        }
        return try rows(result, conn: conn, call: "PQexecParams", sql: sql)
    }

    /// Runs a script of one or more statements without parameters (`PQexec`): schema, BEGIN, COMMIT.
    package func executeScript(_ sql: String) throws(PGError) {
        let conn = try conn()
        observer?(sql)
        _ = try rows(cpq_PQexec(conn, sql), conn: conn, call: "PQexec", sql: sql)
    }

    private func rows(_ result: OpaquePointer?, conn: OpaquePointer, call: String, sql: String) throws(PGError) -> PGRows {
        guard let result else { throw PGError.connection(conn, call: call, sql: sql) }
        switch cpq_PQresultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return PGRows(result: result, sql: sql)
        default:
            let error = PGError.result(result, conn: conn, call: call, sql: sql)
            cpq_PQclear(result)
            throw error
        }
    }

    /// `parameters` as NUL-terminated C strings (NULL for SQL NULL), alive during `body`.
    private static func withCStrings<T>(_ parameters: [PGValue], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let strings = parameters.map { $0.textFormat.map { strdup($0) } ?? nil }
        defer { strings.forEach { free($0) } }
        return body(strings.map { $0.map { UnsafePointer($0) } })
    }

    /// The server's version number (`PQserverVersion`: 160004 for 16.4).
    package var serverVersion: Int {
        handle.map { Int(cpq_PQserverVersion($0)) } ?? 0
    }
}

@available(*, unavailable)
extension PGConnection: Sendable {}
