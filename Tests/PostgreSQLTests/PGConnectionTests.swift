import Glibc
import PostgreSQL
import Locking
import Testing
import TestSupport

@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PGConnectionTests {
    let uri: String

    init() throws {
        uri = try PostgreSQLServer.shared().makeDatabase()
    }

    @Test func preparedStatementsTakeTypedParametersAndReturnTypedRows() throws {
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        try connection.executeScript("CREATE TABLE t (id TEXT PRIMARY KEY, n BIGINT, note TEXT)")
        for (id, n) in [("a", Int64.max), ("b", -1)] {
            try connection.query("INSERT INTO t (id, n, note) VALUES ($1, $2, $3)", [.text(id), .integer(n), .null])
        }
        let rows = try connection.query("SELECT id, n, note FROM t WHERE id = ANY($1::text[]) ORDER BY id", [.text(PGArray.encode(["a", "b", "x\"y,{z}"]))])
        #expect(rows.count == 2)
        #expect(try rows.values(0) == [.text("a"), .integer(Int64.max), .null])
        #expect(try rows.int64(1, 1) == -1)
        #expect(rows.optionalText(1, 2) == nil)
    }

    @Test func arrayEncodingRoundTripsAwkwardText() throws {
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        let values = ["plain", "with \"quote\"", "back\\slash", "comma,brace{}", "NULL", "", "ünï 🎉"]
        let rows = try connection.query("SELECT x FROM unnest($1::text[]) WITH ORDINALITY AS j(x, n) ORDER BY n", [.text(PGArray.encode(values))])
        #expect((0..<rows.count).map { rows.text($0, 0) } == values)
    }

    @Test func errorsCarrySQLStateAndMessage() throws {
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        try connection.executeScript("CREATE TABLE u (id TEXT PRIMARY KEY)")
        try connection.query("INSERT INTO u VALUES ($1)", [.text("a")])
        let error = #expect(throws: PGError.self) { try connection.query("INSERT INTO u VALUES ($1)", [.text("a")]) }
        #expect(error?.sqlState == "23505")
        #expect(error?.message.contains("duplicate key") == true)
        #expect(error?.sql == "INSERT INTO u VALUES ($1)")
        // The connection stays usable after a statement error.
        #expect(try connection.query("SELECT 1").text(0, 0) == "1")
    }

    @Test func transactionRollsBackOnThrowAndRethrows() throws {
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        try connection.executeScript("CREATE TABLE v (id TEXT PRIMARY KEY)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try connection.transaction {
                try connection.query("INSERT INTO v VALUES ($1)", [.text("a")])
                throw Stop()
            }
        }
        #expect(try connection.query("SELECT count(*) FROM v").int64(0, 0) == 0)
        #expect(connection.isReusable)
    }

    @Test func statementTimeoutIsApplied() throws {
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings(statementTimeoutMilliseconds: 100))
        let error = #expect(throws: PGError.self) { try connection.query("SELECT pg_sleep(2)") }
        #expect(error?.sqlState == "57014")  // query_canceled
        #expect(try connection.query("SHOW synchronous_commit").text(0, 0) == "on")
    }

    @Test func badAddressFailsWithAConnectionError() {
        let error = #expect(throws: PGError.self) {
            _ = try PGConnection(uri: "postgresql://postgres@127.0.0.1:1/none", settings: PGConnectionSettings(connectTimeoutSeconds: 2))
        }
        #expect(error?.isConnectionFailure == true)
        #expect(error?.call == PGConnection.connectCall)
    }

    @Test func poolReconnectsAfterItsConnectionsAreKilled() throws {
        let pool = PGPool(uri: uri, configuration: PGPoolConfiguration(maxConnections: 2))
        defer { pool.close() }
        let pid = try pool.withConnection { try $0.query("SELECT pg_backend_pid()").int64(0, 0) }
        // Another session ends ours, as a server restart or a proxy would.
        let admin = try PGConnection(uri: uri, settings: PGConnectionSettings())
        try admin.query("SELECT pg_terminate_backend($1::int)", [.integer(pid)])
        let next = try pool.withConnection { try $0.query("SELECT pg_backend_pid()").int64(0, 0) }
        #expect(next != pid)
    }

    @Test func listenerDeliversNotificationsOnCommit() throws {
        let received = Locked<[String]>([])
        let listening = Locked(false)
        let listener = PGNotificationListener(
            uri: uri, channels: ["test_channel"], settings: PGConnectionSettings(),
            handlers: .init(
                onNotification: { _, payload in received.withLock { $0.append(payload) } },
                onLost: { listening.withLock { $0 = false } },
                onListening: { listening.withLock { $0 = true } }))
        listener.start()
        defer { listener.stop() }
        try #require(eventually { listening.withLock { $0 } })
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        try connection.transaction {
            try connection.query("SELECT pg_notify('test_channel', $1)", [.text("m1")])
            // Not before commit.
            usleepMilliseconds(100)
            #expect(received.withLock { $0 }.isEmpty)
        }
        try #require(eventually { received.withLock { $0 } == ["m1"] })
    }

    /// `withListen` runs in the query that `LISTEN`s: its `pg_notify` is heard
    /// by every listener, this one included, once, and again on each reconnect.
    @Test func aStatementSentWithListenIsHeardByTheListenerItself() throws {
        let received = Locked<[String]>([])
        let listener = PGNotificationListener(
            uri: uri, channels: ["test_marks"], settings: PGConnectionSettings(),
            handlers: .init(
                onNotification: { channel, payload in received.withLock { $0.append("\(channel) \(payload)") } },
                onLost: {}, onListening: {}, withListen: "SELECT pg_notify('test_marks', 'here')"))
        listener.start()
        defer { listener.stop() }
        try #require(eventually { received.withLock { $0 } == ["test_marks here"] })
        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        // The listener's is the only other session on this test's database: end it, as a restart would.
        let ended = try connection.query(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()")
        try #require(ended.count == 1)
        #expect(eventually { received.withLock { $0 } == ["test_marks here", "test_marks here"] })
    }
}

func usleepMilliseconds(_ milliseconds: Int) {
    var remaining = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
    nanosleep(&remaining, nil)
}
