import Foundation
import Locking
import PostgreSQL
import Testing
import TestSupport

/// libpq's waits through a partition (a `TCPRelay` that stops forwarding):
/// each ends at its `PGWait`, the connection that did not answer is closed,
/// and the pool's reachability follows the rule (docs/operations.md, "When
/// the database stops answering"). Bounds are generous (a loaded machine):
/// what is checked is that a wait ends near its deadline, not TCP's minutes.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PartitionedConnectionTests {
    let database: RelayedDatabase
    var relay: TCPRelay { database.relay }
    var relayedURI: String { database.uri }

    init() throws {
        database = try RelayedDatabase()
    }

    @Test func aStatementWithNoAnswerEndsAtItsDeadlineAndClosesTheConnection() throws {
        defer { relay.stop() }
        let connection = try PGConnection(uri: relayedURI, settings: PGConnectionSettings())
        #expect(try connection.query("SELECT 1").text(0, 0) == "1")
        relay.partition()
        let started = ContinuousClock.now
        connection.wait = PGWait(deadline: started.advanced(by: .milliseconds(300)))
        let error = #expect(throws: PGError.self) { try connection.query("SELECT 2") }
        let waited = started.duration(to: .now)
        #expect(error?.isUnanswered == true)
        #expect(error?.isUnavailable == true)
        #expect(waited >= .milliseconds(300) && waited < .seconds(2), "waited \(waited)")
        #expect(!connection.isReusable, "what the server did is unknown: the connection is closed")
    }

    @Test func aConnectWithNoAnswerEndsAtItsDeadline() throws {
        defer { relay.stop() }
        relay.partition()
        let started = ContinuousClock.now
        let error = #expect(throws: PGError.self) {
            _ = try PGConnection(uri: relayedURI, settings: PGConnectionSettings(), wait: PGWait(deadline: started.advanced(by: .milliseconds(300))))
        }
        let waited = started.duration(to: .now)
        #expect(error?.isUnanswered == true)
        #expect(error?.call == PGConnection.connectCall)
        #expect(waited >= .milliseconds(300) && waited < .seconds(2), "waited \(waited)")
    }

    @Test func aCallerDeadlineEndsTheWaitWithoutMarkingTheDatabaseUnreachable() throws {
        defer { relay.stop() }
        let pool = PGPool(uri: relayedURI)
        defer { pool.close() }
        _ = try pool.withConnection { try $0.query("SELECT 1") }
        relay.partition()
        let error = #expect(throws: PGError.self) {
            try pool.withConnection(until: .now.advanced(by: .milliseconds(300))) { try $0.query("SELECT 1") }
        }
        #expect(error?.isUnanswered == true)
        #expect(pool.reachability.isReachable, "the request's deadline is the request's time, not the database's")
        #expect(pool.reachability.snapshot.connectionsDiscarded == 1)
    }

    @Test func noAnswerWithinTheStatementBoundFailsThatCallAloneAndLeavesReachabilityToTheMonitor() throws {
        defer { relay.stop() }
        // statement_timeout 1 s: the statement bound is 2 s.
        let configuration = PGPoolConfiguration(connection: PGConnectionSettings(statementTimeoutMilliseconds: 1000))
        let pool = PGPool(uri: relayedURI, configuration: configuration)
        defer { pool.close() }
        _ = try pool.withConnection { try $0.query("SELECT 1") }
        relay.partition()
        let started = ContinuousClock.now
        let error = #expect(throws: PGError.self) { try pool.withConnection { try $0.query("SELECT 1") } }
        #expect(started.duration(to: .now) < .seconds(4))
        #expect(error?.isUnavailable == true)
        #expect(pool.reachability.isReachable, "a statement's wait says nothing of the database: a lock looks the same")
        #expect(pool.reachability.snapshot.connectionsDiscarded == 1)
    }

    @Test func whileTheMonitorSaysUnreachableCallsFailFastAndItsNextAnswerEndsIt() throws {
        defer { relay.stop() }
        let changes = Locked<[String]>([])
        let reachability = PGReachability(onChange: { change in
            let name = if case .unreachable = change { "unreachable" } else { "reachable" }
            changes.withLock { $0.append(name) }
        })
        let pool = PGPool(uri: relayedURI, reachability: reachability)
        defer { pool.close() }
        _ = try pool.withConnection { try $0.query("SELECT 1") }
        reachability.markUnreachable("no answer to a heartbeat in 2000 ms")
        let refused = ContinuousClock.now
        let error = #expect(throws: PGError.self) { try pool.withConnection { try $0.query("SELECT 1") } }
        #expect(refused.duration(to: .now) < .milliseconds(100), "failed fast")
        #expect(error?.isUnavailable == true)
        #expect(reachability.snapshot.failedFast == 1)
        reachability.markReachable()
        // The connection pooled before the database became unreachable is not reused.
        #expect(try pool.withConnection { try $0.query("SELECT 3").text(0, 0) } == "3")
        #expect(reachability.snapshot.connectionsDiscarded == 1)
        #expect(changes.withLock { $0 } == ["unreachable", "reachable"], "one change each way, one log line each")
    }

    @Test func theMonitorSeesThePartitionAndTheHeal() throws {
        defer { relay.stop() }
        let reachability = PGReachability()
        let listening = Locked(false)
        let monitor = PGNotificationListener(
            uri: relayedURI, channels: ["monitor_test"], settings: PGConnectionSettings(),
            timing: .init(heartbeatIntervalMilliseconds: 100, heartbeatTimeoutMilliseconds: 500, reconnectDelayMilliseconds: 100, windowMilliseconds: 400),
            reachability: reachability,
            handlers: .init(onNotification: { _, _ in }, onLost: { listening.withLock { $0 = false } }, onListening: { listening.withLock { $0 = true } }))
        monitor.start()
        defer { monitor.stop() }
        try #require(eventually { listening.withLock { $0 } })

        relay.partition()
        let cut = ContinuousClock.now
        // The lease (window 400 ms less a 50 ms slice) ends before the heartbeat's timeout.
        try #require(eventually { !listening.withLock { $0 } })
        let lost = cut.duration(to: .now)
        try #require(eventually { !reachability.isReachable })
        let unreachable = cut.duration(to: .now)
        #expect(lost < unreachable, "the caches stop serving before the database is declared unreachable")
        #expect(lost < .seconds(2) && unreachable < .seconds(3), "lost after \(lost), unreachable after \(unreachable)")

        relay.heal()
        try #require(eventually(within: .seconds(5)) { reachability.isReachable && listening.withLock { $0 } })
    }

    @Test func aStatementTheServerCancelsIsUnavailableAndLeavesTheDatabaseReachable() throws {
        defer { relay.stop() }
        let configuration = PGPoolConfiguration(connection: PGConnectionSettings(statementTimeoutMilliseconds: 300))
        let pool = PGPool(uri: relayedURI, configuration: configuration)
        defer { pool.close() }
        let error = #expect(throws: PGError.self) { try pool.withConnection { try $0.query("SELECT pg_sleep(5)") } }
        #expect(error?.sqlState == "57014", "query_canceled by statement_timeout")
        #expect(error?.isUnavailable == true, "answered DATABASE_UNAVAILABLE, not INTERNAL_SERVER_ERROR")
        #expect(pool.reachability.isReachable)
        #expect(try pool.withConnection { try $0.query("SELECT 4").text(0, 0) } == "4", "the connection is still good")
    }

    @Test func aDatabaseMarkedUnreachableIsReachableAgainAtTheMonitorsNextAnswer() throws {
        defer { relay.stop() }
        let reachability = PGReachability()
        let monitor = PGNotificationListener(
            uri: relayedURI, channels: ["monitor_slow_test"], settings: PGConnectionSettings(),
            timing: .init(heartbeatIntervalMilliseconds: 100, heartbeatTimeoutMilliseconds: 2000, reconnectDelayMilliseconds: 100),
            reachability: reachability, handlers: .none)
        monitor.start()
        defer { monitor.stop() }
        try #require(eventually { reachability.snapshot.lastContact > .now.advanced(by: .milliseconds(-150)) })
        reachability.markUnreachable("a stand-in for a slow answer")
        // The monitor's connection never broke: its next heartbeat's answer is enough.
        try #require(eventually(within: .seconds(1)) { reachability.isReachable })
    }
}
