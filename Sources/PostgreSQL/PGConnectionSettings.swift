/// How every connection is opened. Each bound is named here and passed to
/// the server on connect, after the URI's own parameters, so it wins.
package struct PGConnectionSettings: Sendable {
    /// Seconds to establish a connection: `PGConnection.connect` waits no
    /// longer (and passes it on as libpq's `connect_timeout`, which libpq
    /// treats as 2 when below). Default 5.
    package var connectTimeoutSeconds: Int
    /// Longest one statement may run before the server cancels it
    /// (`statement_timeout`). Default 5000 ms.
    package var statementTimeoutMilliseconds: Int
    /// TCP keepalive idle seconds before probing a silent connection
    /// (`keepalives_idle`, 3 probes 2 s apart): a dead peer is noticed in
    /// about this plus 6 s instead of the kernel's two hours. Default 5.
    package var keepaliveIdleSeconds: Int
    /// Longest sent data may stay unacknowledged before the kernel closes
    /// the connection (`tcp_user_timeout`): a connection left half-open by
    /// a partition is closed in seconds, not after TCP's retransmissions
    /// (about 15 minutes). The server's own waits are bounded sooner
    /// (`PGWait`); this frees what they leave behind. Default 5000 ms.
    package var tcpUserTimeoutMilliseconds: Int
    package static let defaultStatementTimeoutMilliseconds = 5000

    /// Shown in `pg_stat_activity`. Default "moments-bff".
    package var applicationName: String
    /// Called with the SQL of every statement as it is sent (tests count them). Default none.
    package var statementObserver: (@Sendable (String) -> Void)?

    package init(
        connectTimeoutSeconds: Int = 5,
        statementTimeoutMilliseconds: Int = defaultStatementTimeoutMilliseconds,
        keepaliveIdleSeconds: Int = 5,
        tcpUserTimeoutMilliseconds: Int = 5000,
        applicationName: String = "moments-bff",
        statementObserver: (@Sendable (String) -> Void)? = nil
    ) {
        self.connectTimeoutSeconds = connectTimeoutSeconds
        self.statementTimeoutMilliseconds = statementTimeoutMilliseconds
        self.keepaliveIdleSeconds = keepaliveIdleSeconds
        self.tcpUserTimeoutMilliseconds = tcpUserTimeoutMilliseconds
        self.applicationName = applicationName
        self.statementObserver = statementObserver
    }

    /// The statement timeout plus a second for the server's own answer to
    /// it to arrive: no answer by then means the server is not answering.
    var statementBound: Duration {
        .milliseconds(statementTimeoutMilliseconds) + .seconds(1)
    }

    /// libpq keywords and values; `dbname` first, expanded from the URI, so
    /// the later ones override what the URI says. `synchronous_commit=on` so
    /// a commit returns only once the WAL is flushed (and, with a synchronous
    /// standby configured, replicated) whatever the server's default.
    func parameters(uri: String) -> [(String, String)] {
        [
            ("dbname", uri),
            ("connect_timeout", String(max(2, connectTimeoutSeconds))),
            ("keepalives", "1"),
            ("keepalives_idle", String(keepaliveIdleSeconds)),
            ("keepalives_interval", "2"),
            ("keepalives_count", "3"),
            ("tcp_user_timeout", String(tcpUserTimeoutMilliseconds)),
            ("application_name", applicationName),
            ("options", "-c statement_timeout=\(statementTimeoutMilliseconds) -c synchronous_commit=on"),
        ]
    }
}
