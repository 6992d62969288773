/// Reader connections handed out one caller at a time.
///
/// A reader is checked out for the duration of one read and checked back in
/// after; the only shared state is the free list, under one mutex.
final class ReaderPool: @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`.
    private var free: [ConnectionBox]
    private var isClosed = false
    private var checkedOut = 0

    init(_ connections: [ConnectionBox]) {
        precondition(!connections.isEmpty, "a pool needs at least one reader")
        free = connections
    }

    func read<T>(_ body: (Connection) throws -> T) throws -> T {
        let box = try checkOut()
        defer { checkIn(box) }
        return try body(box.connection)
    }

    private func checkOut() throws(SQLiteError) -> ConnectionBox {
        try lock.withLock { () throws(SQLiteError) -> ConnectionBox in
            while !isClosed, free.isEmpty {
                lock.wait()
            }
            guard !isClosed, let box = free.popLast() else { throw SQLiteError.closed("database") }
            checkedOut += 1
            return box
        }
    }

    private func checkIn(_ box: ConnectionBox) {
        lock.withLock {
            checkedOut -= 1
            if isClosed {
                box.connection.close()
            } else {
                free.append(box)
            }
            lock.signal()
        }
    }

    /// Closes the free readers now and the checked-out ones as they come back.
    func close() {
        lock.withLock {
            isClosed = true
            for box in free { box.connection.close() }
            free.removeAll()
            lock.broadcast()
        }
    }
}

/// Carries a connection across threads. `@unchecked Sendable` because the
/// pool or the writer queue gives it to exactly one thread at a time.
final class ConnectionBox: @unchecked Sendable {
    let connection: Connection
    init(_ connection: Connection) { self.connection = connection }
}
