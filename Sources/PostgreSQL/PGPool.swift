import Dispatch
import Locking

/// At most `maxConnections` connections to one database, opened on demand
/// and lent to one caller at a time.
///
/// Reconnecting: a connection that libpq reports broken, or that is left
/// inside a transaction, is closed on return instead of pooled, and the next
/// caller opens a new one. A call that fails with a connection error on a
/// connection taken from the pool is retried once on a new connection (an
/// idle connection may have died with a server restart): every operation of
/// ours is idempotent (reads, an insert that keeps the first like, a delete).
package final class PGPool: Sendable {
    private let uri: String
    private let configuration: PGPoolConfiguration
    /// One permit per connection that may exist.
    private let permits: DispatchSemaphore
    private let idle = Locked<(connections: [ConnectionBox], closed: Bool)>(([], false))

    package init(uri: String, configuration: PGPoolConfiguration = PGPoolConfiguration()) {
        precondition(configuration.maxConnections > 0, "a pool needs at least one connection")
        self.uri = uri
        self.configuration = configuration
        permits = DispatchSemaphore(value: configuration.maxConnections)
    }

    /// Runs `body` on a pooled connection (see the type's note on retries).
    package func withConnection<T>(_ body: (PGConnection) throws -> T) throws -> T {
        let timeout = DispatchTime.now() + .milliseconds(configuration.checkoutTimeoutMilliseconds)
        guard permits.wait(timeout: timeout) == .success else {
            throw PGError.unavailable("no free connection within \(configuration.checkoutTimeoutMilliseconds) ms")
        }
        defer { permits.signal() }
        let (pooled, reused) = try checkout()
        do {
            let result = try body(pooled)
            checkin(pooled)
            return result
        } catch let error as PGError where error.isConnectionFailure && reused {
            pooled.close()
            let fresh = try PGConnection(uri: uri, settings: configuration.connection)
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

    /// Runs `body` in a transaction on a pooled connection.
    package func transaction<T>(_ kind: PGTransactionKind = .readWrite, _ body: (PGConnection) throws -> T) throws -> T {
        try withConnection { connection in
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

    private func checkout() throws -> (PGConnection, reused: Bool) {
        let taken: ConnectionBox? = try idle.withLock { state in
            guard !state.closed else { throw PGError.unavailable("pool is closed") }
            return state.connections.popLast()
        }
        if let taken { return (taken.connection, true) }
        return (try PGConnection(uri: uri, settings: configuration.connection), false)
    }

    private func checkin(_ connection: PGConnection) {
        guard connection.isReusable else {
            connection.close()
            return
        }
        let box = ConnectionBox(connection)
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
    init(_ connection: PGConnection) { self.connection = connection }
}
