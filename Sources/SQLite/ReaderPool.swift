import Locking

/// Reader connections handed out one caller at a time.
///
/// A reader is checked out for the duration of one read and checked back in
/// after; the only shared state is the free list, under one lock, and a
/// caller finding none free sleeps on `returned` until one comes back.
final class ReaderPool: Sendable {
    private struct State: Sendable {
        var free: [ConnectionBox]
        var isClosed = false
        var checkedOut = 0
    }

    private let state: Locked<State>
    /// Signalled when a reader is checked in; broadcast when the pool closes.
    private let returned = Condition()

    init(_ connections: [ConnectionBox]) {
        precondition(!connections.isEmpty, "a pool needs at least one reader")
        state = Locked(State(free: connections))
    }

    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let box = try checkOut()
        defer { checkIn(box) }
        return try body(box.connection)
    }

    private func checkOut() throws(SQLiteError) -> ConnectionBox {
        try state.withLock(waitingOn: returned, until: { $0.isClosed || !$0.free.isEmpty }) {
            (state: inout State) throws(SQLiteError) -> ConnectionBox in
            guard !state.isClosed, let box = state.free.popLast() else { throw SQLiteError.closed("database") }
            state.checkedOut += 1
            return box
        }
    }

    private func checkIn(_ box: ConnectionBox) {
        state.withLock { state in
            state.checkedOut -= 1
            if state.isClosed {
                box.connection.close()
            } else {
                state.free.append(box)
            }
        }
        returned.signal()
    }

    /// Closes the free readers now and the checked-out ones as they come back.
    func close() {
        state.withLock { state in
            state.isClosed = true
            for box in state.free { box.connection.close() }
            state.free.removeAll()
        }
        returned.broadcast()
    }
}

/// Carries a connection across threads. `@unchecked Sendable` because the
/// pool or the writer queue gives it to exactly one thread at a time.
final class ConnectionBox: @unchecked Sendable {
    let connection: Connection
    init(_ connection: Connection) { self.connection = connection }
}
