import CPostgreSQL

/// An error reported by PostgreSQL or libpq, captured at the call that failed.
///
/// The SQLSTATE (`23505` unique violation, `08006` connection failure, ...),
/// the server's primary message (or libpq's), the libpq call and the SQL.
package struct PGError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Five characters; class `08` is a connection problem.
    package let sqlState: String
    package let message: String
    /// The libpq function that failed (`PQconnectdbParams`, `PQexecPrepared`, ...).
    package let call: String
    package let sql: String?

    package init(sqlState: String, message: String, call: String, sql: String? = nil) {
        self.sqlState = sqlState
        self.message = message
        self.call = call
        self.sql = sql
    }

    /// SQLSTATE class 08 (connection exception), or libpq lost the connection:
    /// the operation may be retried on a new connection.
    package var isConnectionFailure: Bool { sqlState.hasPrefix("08") || sqlState == "57P01" }

    package var description: String {
        var text = "PostgreSQL error \(sqlState) in \(call): \(message)"
        if let sql { text += " - while executing `\(sql)`" }
        return text
    }

    /// libpq's message for the connection (`PQerrorMessage`), trimmed.
    static func connection(_ conn: OpaquePointer?, call: String, sql: String? = nil, sqlState: String = connectionFailure) -> PGError {
        let text = conn.flatMap { cpq_PQerrorMessage($0) }.map { String(cString: $0) } ?? "no connection"
        return PGError(sqlState: sqlState, message: text.trimmingTrailingNewlines, call: call, sql: sql)
    }

    /// The error fields of a failed result: SQLSTATE and primary message (`PG_DIAG_*`).
    static func result(_ result: OpaquePointer, conn: OpaquePointer, call: String, sql: String?) -> PGError {
        func field(_ code: Character) -> String? {
            guard let ascii = code.asciiValue, let value = cpq_PQresultErrorField(result, Int32(ascii)) else { return nil }
            return String(cString: value)
        }
        let message = field("M") ?? String(cString: cpq_PQresultErrorMessage(result)).trimmingTrailingNewlines
        // No SQLSTATE on a result means libpq made it itself: the connection broke.
        let state = field("C") ?? (cpq_PQstatus(conn) == CONNECTION_OK ? "XX000" : connectionFailure)
        return PGError(sqlState: state, message: message, call: call, sql: sql)
    }

    /// This error with `connection`'s passwords taken out of its message:
    /// libpq quotes the piece of a connection string it cannot read, which
    /// may be a password, and the message reaches logs and standard error.
    func redacting(passwordsOf connection: PGConnectionString) -> PGError {
        PGError(sqlState: sqlState, message: connection.scrub(message), call: call, sql: sql)
    }

    /// SQLSTATE 08006, connection_failure.
    static let connectionFailure = "08006"

    /// Misuse of a closed pool or connection, or a pool with no free connection in time.
    package static func unavailable(_ what: String) -> PGError {
        PGError(sqlState: "08003", message: what, call: "pool")
    }

    /// The server did not answer `call` within its wait (`PGWait`): the
    /// connection is closed, and what the server did is unknown.
    /// Implementation-defined subclass `M01` of class 08.
    package static func unanswered(call: String) -> PGError {
        PGError(sqlState: unansweredState, message: "no answer from the server in time", call: call)
    }

    /// The database is known to be unreachable (`PGReachability`): refused
    /// before anything was sent (`call` "pool"), or a wait under way given
    /// up (`call` the libpq call, whose connection is closed).
    package static func unreachable(_ reason: String, call: String = "pool") -> PGError {
        PGError(sqlState: unreachableState, message: "the database is unreachable: \(reason)", call: call)
    }

    static let unansweredState = "08M01"
    static let unreachableState = "08M02"

    /// `unanswered`: a wait ended before the server's answer.
    package var isUnanswered: Bool { sqlState == Self.unansweredState }

    /// A statement's wait ended without its answer (unanswered or given
    /// up), so its connection was closed.
    var endedAStatementUnanswered: Bool {
        (isUnanswered || sqlState == Self.unreachableState) && call != "pool" && call != PGConnection.connectCall
    }

    /// The database could not serve the call now, and the same call may
    /// succeed later: what a client is told as "the database is unavailable;
    /// try again", as opposed to an error in the statement. Class 08 (a
    /// connection's failure, no answer in time), class 53 (insufficient
    /// resources: too many connections, a full disk), the server shutting
    /// down or starting (57P01-57P03), a statement cancelled by
    /// `statement_timeout` (57014) or waiting on a lock (55P03), a
    /// serialization failure or deadlock (40001, 40P01), and a write that
    /// reached a server that became a standby in a failover (25006).
    package var isUnavailable: Bool {
        isConnectionFailure || sqlState.hasPrefix("53") || Self.transientStates.contains(sqlState)
    }

    private static let transientStates: Set<String> = ["57P01", "57P02", "57P03", "57014", "55P03", "40001", "40P01", "25006"]
}

extension String {
    var trimmingTrailingNewlines: String {
        var text = self
        while let last = text.last, last.isNewline || last == " " { text.removeLast() }
        return text
    }
}
