import CSQLite

/// The single writer connection, and group commit over it (leader/follower).
///
/// A caller enqueues its operation and waits. When no commit is in progress,
/// the first waiter whose operation is still pending becomes the leader: it
/// takes everything queued (up to `maxBatch`) and commits it on its own
/// thread in one `BEGIN IMMEDIATE ... COMMIT`, each operation inside its own
/// SAVEPOINT so one failing operation is rolled back alone. Writes that
/// arrive while the leader waits for its fsync queue up behind it and are
/// committed together by the next leader, so many concurrent writes share one
/// sync without weakening `synchronous=FULL`; a lone write commits on the
/// caller's thread with no hand-off to another thread.
final class WriteQueue: @unchecked Sendable {
    private let connection: ConnectionBox
    private let maxBatch: Int
    private let lock = Lock()
    // Guarded by `lock`.
    private var pending: [PendingWrite] = []
    private var isCommitting = false
    private var isClosed = false

    init(connection: ConnectionBox, maxBatch: Int) {
        precondition(maxBatch > 0, "a write batch holds at least one operation")
        self.connection = connection
        self.maxBatch = maxBatch
    }

    /// Runs `body` in the next batch and returns its result once the batch is committed.
    func write<T: Sendable>(_ body: @escaping @Sendable (Connection) throws -> T) throws -> T {
        var value: T?
        let operation = PendingWrite { connection in
            value = try body(connection)
        }
        let batch = try lock.withLock { () throws(SQLiteError) -> [PendingWrite] in
            guard !isClosed else { throw SQLiteError.closed("database") }
            pending.append(operation)
            // Followers sleep until their batch is done or the leader's turn ends.
            while !operation.isDone, isCommitting {
                lock.wait()
            }
            if operation.isDone { return [] }
            // Lead: this operation is still queued, so the batch includes it.
            isCommitting = true
            let count = min(maxBatch, pending.count)
            let batch = Array(pending.prefix(count))
            pending.removeFirst(count)
            return batch
        }
        if !batch.isEmpty {
            commit(batch)
            lock.withLock {
                for member in batch { member.isDone = true }
                isCommitting = false
                lock.broadcast()
            }
        }
        if let error = operation.error {
            throw error
        }
        guard let value else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "write finished without a result")
        }
        return value
    }

    /// Runs on the leader's thread, alone on the connection (`isCommitting`).
    private func commit(_ batch: [PendingWrite]) {
        let db = connection.connection
        do {
            try db.transaction(.immediate) {
                for operation in batch {
                    do {
                        try db.savepoint("operation") { try operation.body(db) }
                    } catch {
                        operation.error = error
                    }
                }
            }
        } catch {
            // Nothing of this batch is on disk: every operation fails.
            for operation in batch { operation.error = error }
        }
    }

    /// Writes enqueued and not yet taken into a batch.
    var pendingCount: Int { lock.withLock { pending.count } }

    /// Refuses new writes, lets the queued ones finish, and closes the connection.
    func close() {
        lock.withLock {
            guard !isClosed else { return }
            isClosed = true
            // Queued operations still have waiters that will lead or follow.
            while isCommitting || !pending.isEmpty {
                lock.wait()
            }
            connection.connection.close()
        }
    }
}

/// One enqueued write. `body` and `error` are touched only by the leader
/// that commits it, before it sets `isDone` under the queue's lock; the
/// caller reads them after seeing `isDone` under that lock.
private final class PendingWrite: @unchecked Sendable {
    let body: (Connection) throws -> Void
    var error: (any Error)?
    var isDone = false

    init(body: @escaping (Connection) throws -> Void) {
        self.body = body
    }
}
