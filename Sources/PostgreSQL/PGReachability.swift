import Locking

/// Whether the database answers, as this process last saw it: the state
/// that fails requests fast while the database is known to be unreachable,
/// that readiness reports, and that operators see in the metrics.
///
/// The rule: only the monitor's heartbeat decides (`PGNotificationListener`).
/// The database becomes unreachable when a heartbeat goes unanswered or the
/// monitor's connect fails, and reachable again at its next answered
/// heartbeat. A request's statement that waits on a lock, on a busy pool or
/// past `statement_timeout` fails that request and says nothing here. While
/// unreachable, every pool call fails at once (`PGPool`), waits already
/// under way give up within `PGWait.slice`, and connections pooled before
/// are discarded.
package final class PGReachability: Sendable {
    /// One change of state, for the log line that reports it.
    package enum Change: Sendable {
        case unreachable(reason: String)
        case reachable(after: Duration)
    }

    package struct Snapshot: Sendable {
        package var isReachable: Bool
        /// When the state last changed (the process's start at first).
        package var since: ContinuousClock.Instant
        /// The last answer the server gave on any connection.
        package var lastContact: ContinuousClock.Instant
        /// Why it is unreachable (nil while reachable).
        package var reason: String?
        /// Calls refused without trying, while unreachable.
        package var failedFast: UInt64
        /// Connections closed because the database became unreachable or a wait ended unanswered.
        package var connectionsDiscarded: UInt64
        /// Goes up by one each time the database becomes unreachable: connections from an earlier epoch are not reused.
        package var epoch: UInt64
    }

    private let state: Locked<Snapshot>
    private let onChange: @Sendable (Change) -> Void

    package init(onChange: @escaping @Sendable (Change) -> Void = { _ in }) {
        let now = ContinuousClock.now
        state = Locked(Snapshot(isReachable: true, since: now, lastContact: now, reason: nil, failedFast: 0, connectionsDiscarded: 0, epoch: 0))
        self.onChange = onChange
    }

    package var snapshot: Snapshot { state.withLock { $0 } }

    package var isReachable: Bool { state.withLock { $0.isReachable } }

    /// The server answered.
    package func contact() {
        let now = ContinuousClock.now
        state.withLock { $0.lastContact = now }
    }

    /// The monitor's heartbeat went unanswered, or its connect failed: fail fast from now on.
    package func markUnreachable(_ reason: String) {
        let now = ContinuousClock.now
        let changed = state.withLock { state in
            guard state.isReachable else { return false }
            state.isReachable = false
            state.since = now
            state.reason = reason
            state.epoch &+= 1
            return true
        }
        if changed { onChange(.unreachable(reason: reason)) }
    }

    /// The monitor's heartbeat was answered.
    package func markReachable() {
        let now = ContinuousClock.now
        let downFor = state.withLock { state -> Duration? in
            state.lastContact = now
            guard !state.isReachable else { return nil }
            defer {
                state.isReachable = true
                state.since = now
                state.reason = nil
            }
            return state.since.duration(to: now)
        }
        if let downFor { onChange(.reachable(after: downFor)) }
    }

    /// Refuses a call while unreachable (counted), with the reason.
    func refuseIfUnreachable() throws(PGError) {
        let reason = state.withLock { state -> String? in
            guard !state.isReachable else { return nil }
            state.failedFast &+= 1
            return state.reason ?? "unreachable"
        }
        if let reason { throw PGError.unreachable(reason) }
    }

    var epoch: UInt64 { state.withLock { $0.epoch } }

    func discarded(_ count: Int = 1) {
        state.withLock { $0.connectionsDiscarded &+= UInt64(count) }
    }
}
