import Dispatch
import Locking

/// At most `maxConnections` connections to one database, opened on demand
/// and lent to one caller at a time, each loan bounded in time.
///
/// A loan waits for a connection, a connect and the answers to its
/// statements within one `PGWait`: the caller's deadline (a request's),
/// capped at the statement bound (`PGPoolConfiguration.statementBound`).
/// A loan that ends unanswered, a connect that fails and a statement the
/// server cancels fail that call alone: a statement waiting on a lock or a
/// caller waiting for a busy pool says nothing about whether the database
/// answers. Only the monitor's heartbeat decides that (`PGReachability`);
/// while the database is known to be unreachable, calls fail at once and
/// waits under way give up.
///
/// Reconnecting: a connection that libpq reports broken, that did not
/// answer, that is left inside a transaction, or that was pooled before the
/// database last became unreachable is closed instead of reused. A call that
/// fails with a connection error on a connection taken from the pool is
/// retried once on a new connection (an idle connection may have died with
/// a server restart): every operation of ours is idempotent (reads, an
/// insert that keeps the first like, a delete).
package final class PGPool: Sendable {
    private let uri: String
    private let configuration: PGPoolConfiguration
    package let reachability: PGReachability
    /// One permit per connection that may exist.
    private let permits: DispatchSemaphore
    private let idle = Locked<(connections: [ConnectionBox], closed: Bool)>(([], false))

    package init(uri: String, configuration: PGPoolConfiguration = PGPoolConfiguration(), reachability: PGReachability = PGReachability()) {
        precondition(configuration.maxConnections > 0, "a pool needs at least one connection")
        self.uri = uri
        self.configuration = configuration
        self.reachability = reachability
        permits = DispatchSemaphore(value: configuration.maxConnections)
    }

    /// Runs `body` on a pooled connection, every wait within `deadline`
    /// (nil: the statement bound from now); see the type's note on retries.
    package func withConnection<T>(until deadline: ContinuousClock.Instant? = nil, _ body: (PGConnection) throws -> T) throws -> T {
        try reachability.refuseIfUnreachable()
        let reachability = reachability
        let bound = ContinuousClock.now.advanced(by: configuration.statementBound)
        let wait = PGWait(deadline: deadline.map { min($0, bound) } ?? bound, isAbandoned: { !reachability.isReachable })
        do {
            return try lend(wait: wait, body)
        } catch let error as PGError where error.endedAStatementUnanswered {
            reachability.discarded()
            throw error
        }
    }

    /// Runs `body` in a transaction on a pooled connection.
    package func transaction<T>(
        _ kind: PGTransactionKind = .readWrite, until deadline: ContinuousClock.Instant? = nil, _ body: (PGConnection) throws -> T
    ) throws -> T {
        try withConnection(until: deadline) { connection in
            try connection.transaction(kind) { try body(connection) }
        }
    }

    /// Closes the idle connections; later calls throw. Lent ones close on return.
    package func close() {
        let connections = idle.withLock { state in
            state.closed = true
            defer { state.connections.removeAll() }
            return state.connections
        }
        for box in connections { box.connection.close() }
    }

    private func lend<T>(wait: PGWait, _ body: (PGConnection) throws -> T) throws -> T {
        try acquirePermit(wait: wait)
        defer { permits.signal() }
        let (pooled, reused) = try checkout(wait: wait)
        do {
            let result = try body(pooled)
            checkin(pooled)
            return result
        } catch let error as PGError where error.isConnectionFailure && !error.isUnanswered && reused && reachability.isReachable {
            pooled.close()
            let fresh = try connect(wait: wait)
            do {
                let result = try body(fresh)
                checkin(fresh)
                return result
            } catch {
                checkin(fresh)
                throw error
            }
        } catch {
            checkin(pooled)
            throw error
        }
    }

    /// A permit within the checkout timeout and `wait`, in slices so that a
    /// database found unreachable meanwhile ends the wait at once.
    private func acquirePermit(wait: PGWait) throws(PGError) {
        let timeout = ContinuousClock.now.advanced(by: .milliseconds(configuration.checkoutTimeoutMilliseconds))
        let end = min(timeout, wait.deadline)
        while true {
            let remaining = ContinuousClock.now.duration(to: end)
            guard remaining > .zero else { throw PGError.unavailable("no free connection in time") }
            if permits.wait(timeout: .now() + .milliseconds(Int(PGWait.milliseconds(min(remaining, PGWait.slice))))) == .success { return }
            try reachability.refuseIfUnreachable()
        }
    }

    private func checkout(wait: PGWait) throws -> (PGConnection, reused: Bool) {
        let epoch = reachability.epoch
        let (taken, stale): (ConnectionBox?, [ConnectionBox]) = try idle.withLock { state in
            guard !state.closed else { throw PGError.unavailable("pool is closed") }
            // Pooled before the database last became unreachable: maybe half-open.
            let stale = state.connections.filter { $0.epoch != epoch }
            state.connections.removeAll { $0.epoch != epoch }
            return (state.connections.popLast(), stale)
        }
        if !stale.isEmpty {
            for box in stale { box.connection.close() }
            reachability.discarded(stale.count)
        }
        if let taken {
            taken.connection.wait = wait
            return (taken.connection, true)
        }
        return (try connect(wait: wait), false)
    }

    /// A new connection, within `wait` and the connect timeout.
    private func connect(wait: PGWait) throws(PGError) -> PGConnection {
        let connection = try PGConnection(uri: uri, settings: configuration.connection, wait: wait)
        reachability.contact()
        return connection
    }

    private func checkin(_ connection: PGConnection) {
        guard connection.isReusable else {
            connection.close()
            return
        }
        reachability.contact()
        let box = ConnectionBox(connection, epoch: reachability.epoch)
        let rejected = idle.withLock { state -> ConnectionBox? in
            guard !state.closed else { return box }
            state.connections.append(box)
            return nil
        }
        rejected?.connection.close()
    }
}

/// Moves a connection between threads; the pool lends it to one at a time.
private final class ConnectionBox: @unchecked Sendable {
    let connection: PGConnection
    /// `PGReachability.epoch` when it was pooled.
    let epoch: UInt64
    init(_ connection: PGConnection, epoch: UInt64) {
        self.connection = connection
        self.epoch = epoch
    }
}
