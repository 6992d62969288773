import Locking
import Moments
import PostgreSQL

/// Where a read runs on PostgreSQL: on a standby (`--read-database`) when
/// it has replayed every change this instance has heard of to the data
/// read (`ReplayRequirement`), otherwise on the primary. A standby that is
/// behind, unreachable, slow or not a standby costs the read a trip to the
/// primary, never a wrong or older answer and never readiness: its pool has
/// a reachability of its own that nothing reports, each wait on it is
/// capped at `standbyWaitBound`, and after a failure it is left alone for a
/// pause (`StandbyHealth`).
///
/// It hears changes from the store's feed, and the monitor's heartbeat
/// (`heartbeat`) tells it the primary's WAL position.
package final class ReadRouting: DataChangeObserver, Sendable {
    /// Why a read that could have gone to the standby went to the primary
    /// (the `reason` of `moments_db_standby_fallbacks_total`).
    package enum Fallback: String, Sendable, CaseIterable {
        /// A moment read changed after the last answered heartbeat, or nothing is known yet.
        case recentChange = "recent_change"
        /// The standby had not replayed the required position.
        case behind
        /// The standby did not answer, refused, or is paused after a failure.
        case unavailable
        /// The read database is not in recovery (a primary, or a promoted standby).
        case notStandby = "not_standby"
    }

    package struct Statistics: Sendable {
        package var primaryReads: UInt64 = 0
        package var standbyReads: UInt64 = 0
        package var fallbacks: [Fallback: UInt64] = [:]
        /// Bytes of WAL the standby was behind the required position at its last check.
        package var lagBytes: UInt64 = 0
    }

    /// Longest a read waits on the standby before trying the primary.
    static let standbyWaitBound: Duration = .seconds(1)

    /// The primary's WAL position, asked by every heartbeat.
    static let positionQuery = "SELECT pg_current_wal_insert_lsn()::text"
    /// Whether a server is a standby, and what it has replayed.
    static let replayQuery = "SELECT pg_is_in_recovery(), pg_last_wal_replay_lsn()::text"

    private struct State {
        var requirement = ReplayRequirement()
        var health = StandbyHealth()
        var statistics = Statistics()
    }

    let primary: PGPool
    let standby: PGPool?
    private let state = Locked(State())

    init(primary: PGPool, standby: PGPool?) {
        self.primary = primary
        self.standby = standby
    }

    var statistics: Statistics { state.withLock { $0.statistics } }

    /// The monitor's heartbeat with a standby; nil without one (`SELECT 1`).
    var heartbeat: PGNotificationListener.Heartbeat? {
        guard standby != nil else { return nil }
        return PGNotificationListener.Heartbeat(
            query: Self.positionQuery,
            onSent: { [weak self] in self?.state.withLock { $0.requirement.heartbeatSent() } },
            onAnswered: { [weak self] text in
                guard let lsn = PGLSN.parse(text) else { return }
                self?.state.withLock { $0.requirement.heartbeatAnswered(lsn: lsn) }
            })
    }

    /// `serving` for a read of `moments`' like data (empty: data likes never change).
    func serving<T>(moments: [String] = [], _ body: (PGConnection) throws -> T) throws -> T {
        if let standby, let required = standbyRequirement(moments) {
            switch try read(on: standby, required: required, body) {
            case .answered(let value): return value
            case .fellBack: break
            }
        }
        if standby != nil { state.withLock { $0.statistics.primaryReads &+= 1 } }
        return try primary.serving(body)
    }

    /// `servingTransaction` for a read, as `serving`.
    func servingTransaction<T>(_ kind: PGTransactionKind, moments: [String] = [], _ body: (PGConnection) throws -> T) throws -> T {
        try serving(moments: moments) { connection in try connection.transaction(kind) { try body(connection) } }
    }

    /// The position a standby must have replayed to serve this read, or nil when the primary must.
    private func standbyRequirement(_ moments: [String]) -> UInt64? {
        let now = ContinuousClock.now
        return state.withLock { state -> UInt64? in
            guard state.requirement.standbyMayServe(moments) else {
                state.statistics.fallbacks[.recentChange, default: 0] &+= 1
                return nil
            }
            guard state.health.isUsable(at: now) else {
                state.statistics.fallbacks[.unavailable, default: 0] &+= 1
                return nil
            }
            return state.requirement.required
        }
    }

    private enum Outcome<T> {
        case answered(T)
        case fellBack
    }

    /// The read on the standby, or why not: an unavailable standby pauses it,
    /// any other error is the read's own and is thrown.
    private func read<T>(on standby: PGPool, required: UInt64, _ body: (PGConnection) throws -> T) throws -> Outcome<T> {
        let bound = ContinuousClock.now.advanced(by: Self.standbyWaitBound)
        let deadline = RequestDeadline.current.map { min($0, bound) } ?? bound
        do {
            var check = ReplayCheck.replayed
            let value = try standby.withConnection(until: deadline) { connection -> T? in
                check = try Self.check(connection, required: required)
                guard case .replayed = check else { return nil }
                return try body(connection)
            }
            return state.withLock { state -> Outcome<T> in
                switch check {
                case .replayed:
                    state.health.succeeded()
                    state.statistics.lagBytes = 0
                    guard let value else { return .fellBack }
                    state.statistics.standbyReads &+= 1
                    return .answered(value)
                case .behind(let lag):
                    state.health.succeeded()
                    state.statistics.lagBytes = lag
                    state.statistics.fallbacks[.behind, default: 0] &+= 1
                    return .fellBack
                case .notStandby:
                    state.health.failed(at: .now)
                    state.statistics.fallbacks[.notStandby, default: 0] &+= 1
                    return .fellBack
                }
            }
        } catch let error as PGError where error.isUnavailable {
            state.withLock { state in
                state.health.failed(at: .now)
                state.statistics.fallbacks[.unavailable, default: 0] &+= 1
            }
            return .fellBack
        }
    }

    private enum ReplayCheck {
        case replayed
        /// Behind by this many bytes.
        case behind(UInt64)
        case notStandby
    }

    /// Whether the standby behind `connection` has replayed `required`;
    /// asks only when what this connection last saw is not enough. Asked in
    /// a statement of its own, before the read's: a snapshot taken after
    /// this answer holds everything replayed by then.
    private static func check(_ connection: PGConnection, required: UInt64) throws -> ReplayCheck {
        if connection.replayedLSN >= required { return .replayed }
        let rows = try connection.query(replayQuery)
        guard rows.count == 1, rows.bool(0, 0), let replayed = rows.optionalText(0, 1).flatMap({ PGLSN.parse($0) }) else {
            return .notStandby
        }
        connection.replayedLSN = max(connection.replayedLSN, replayed)
        return connection.replayedLSN >= required ? .replayed : .behind(required - connection.replayedLSN)
    }

    // MARK: Changes heard (the store's feed)

    package func likesChanged(momentID: String) {
        state.withLock { $0.requirement.changed(moment: UTF8Key(momentID)) }
    }

    package func everythingChanged() {
        state.withLock { $0.requirement.changedEverything() }
    }

    /// Changes made while not listening were not heard: nothing is known until the next heartbeat.
    package func changeTrackingLost() {
        everythingChanged()
    }

    package func changeTrackingRestored() {}
}
