import CSQLite
import Dispatch
import Locking

/// The single writer connection, and group commit over it.
///
/// Callers enqueue operations and block until theirs is committed (`write`),
/// or are called back then (`enqueue`). The
/// writer's serial queue takes everything pending at once (up to
/// `maxBatch`) and commits it in one `BEGIN IMMEDIATE ... COMMIT`, each
/// operation inside its own SAVEPOINT, so one failing operation is rolled
/// back alone and the others still commit. While a batch waits for its fsync
/// the next batch gathers, so many concurrent writes share one sync without
/// weakening `synchronous=FULL`.
///
/// Measured with `storage-bench` on 2 cores: a leader/follower variant (the
/// first waiter commits on its own thread, then hands over) cost ~50% more
/// CPU per like at 16 and 64 threads and gathered smaller batches than this
/// dedicated writer thread, which starts the next commit without waiting for
/// another thread to be scheduled; so the writer stays a serial queue.
final class WriteQueue: @unchecked Sendable {
    private let queue = DispatchQueue(label: "sqlite.writer")
    private let connection: ConnectionBox
    private let maxBatch: Int
    private let whileWaiting: @Sendable (() -> Void) -> Void
    private let commitObserver: (@Sendable (_ operations: Int, _ duration: Duration) -> Void)?
    private let commitWaited: (@Sendable (CommitInterval) -> Void)?
    private struct State: Sendable {
        var pending: [PendingWrite] = []
        var isDraining = false
        var isClosed = false
    }

    private let state = Locked(State())
    // Only touched on `queue`.
    private var monitor: ExternalChangeMonitor?

    init(
        connection: ConnectionBox, maxBatch: Int, whileWaiting: @escaping @Sendable (() -> Void) -> Void = { $0() },
        commitObserver: (@Sendable (_ operations: Int, _ duration: Duration) -> Void)? = nil,
        commitWaited: (@Sendable (CommitInterval) -> Void)? = nil
    ) {
        self.commitWaited = commitWaited
        precondition(maxBatch > 0, "a write batch holds at least one operation")
        self.connection = connection
        self.maxBatch = maxBatch
        self.whileWaiting = whileWaiting
        self.commitObserver = commitObserver
    }

    /// Runs `body` in the next batch and returns its result once the batch
    /// is committed, or throws `SQLiteError.commitNotInTime` at `deadline`.
    func write<T: Sendable>(
        until deadline: ContinuousClock.Instant? = nil, _ body: @escaping @Sendable (Connection) throws -> T
    ) throws -> T {
        dispatchPrecondition(condition: .notOnQueue(queue))
        let done = DispatchSemaphore(value: 0)
        let outcome = ResultBox<(result: Result<T, any Error>, commit: CommitInterval?)>()
        enqueueWrite(body) { result, interval in
            outcome.value = (result, interval)
            done.signal()
        }
        var committedInTime = true
        whileWaiting {
            guard let deadline else { return done.wait() }
            // Whole milliseconds, rounded up, at most a day.
            let remaining = max(0, min(ContinuousClock.now.duration(to: deadline) / .milliseconds(1), 86_400_000))
            committedInTime = done.wait(timeout: .now() + .milliseconds(Int(remaining.rounded(.up)))) == .success
        }
        // The writer sets `outcome` later, unread: nothing waits for it any more.
        guard committedInTime else { throw SQLiteError.commitNotInTime }
        if let commitWaited, let interval = outcome.value?.commit { commitWaited(interval) }
        guard let result = outcome.value?.result else {
            throw SQLiteError(extendedCode: SQLITE_MISUSE, message: "write finished without a result")
        }
        return try result.get()
    }

    /// Runs `body` in the next batch and calls `completion` with its result
    /// once the batch is committed (or failed), on the writer's queue, before
    /// the next batch starts: keep it short. Returns at once; a closed queue
    /// calls `completion` with the error before returning.
    func enqueue<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>) -> Void
    ) {
        enqueueWrite(body) { result, _ in completion(result) }
    }

    /// `enqueue`, with the commit's interval for `completion` (nil when the write never reached a batch).
    private func enqueueWrite<T: Sendable>(
        _ body: @escaping @Sendable (Connection) throws -> T,
        completion: @escaping @Sendable (Result<T, any Error>, CommitInterval?) -> Void
    ) {
        let result = ResultBox<T>()
        let operation = PendingWrite(
            body: { connection in result.value = try body(connection) },
            done: { error, commit in
                if let error { return completion(.failure(error), commit) }
                guard let value = result.value else {
                    return completion(
                        .failure(SQLiteError(extendedCode: SQLITE_MISUSE, message: "write finished without a result")), commit)
                }
                completion(.success(value), commit)
            })
        let startDrain: Bool
        do {
            startDrain = try state.withLock { (state: inout State) throws(SQLiteError) -> Bool in
                guard !state.isClosed else { throw SQLiteError.closed("database") }
                state.pending.append(operation)
                if state.isDraining { return false }
                state.isDraining = true
                return true
            }
        } catch {
            return completion(.failure(error), nil)
        }
        if startDrain {
            queue.async { self.drain() }
        }
    }

    /// Runs on `queue`: commits batches until nothing is pending.
    private func drain() {
        while true {
            let batch = state.withLock { state -> [PendingWrite] in
                if state.pending.isEmpty {
                    state.isDraining = false
                    return []
                }
                let count = min(maxBatch, state.pending.count)
                let batch = Array(state.pending.prefix(count))
                state.pending.removeFirst(count)
                return batch
            }
            if batch.isEmpty { return }
            let startedAt = CommitInterval.wallNanoseconds()
            if let commitObserver {
                let started = ContinuousClock.now
                commit(batch)
                commitObserver(batch.count, ContinuousClock.now - started)
            } else {
                commit(batch)
            }
            let endedAt = CommitInterval.wallNanoseconds()
            // Before the callers are woken: anything cached from a file another
            // program changed is dropped before our own writes are acknowledged.
            monitor?.check()
            for operation in batch {
                let interval = CommitInterval(
                    startNanoseconds: startedAt, endNanoseconds: endedAt, operations: batch.count, succeeded: operation.error == nil)
                operation.done(operation.error, interval)
            }
        }
    }

    /// Calls `onChange` on the writer queue whenever another connection has
    /// committed to the file: checked after every write batch and every
    /// `intervalMilliseconds`. Replaces any earlier monitor.
    func monitorExternalChanges(intervalMilliseconds: Int, onChange: @escaping @Sendable () -> Void) {
        queue.sync {
            // After `close()` the connection is gone: nothing left to watch.
            guard !state.withLock({ $0.isClosed }) else { return }
            self.monitor?.stop()
            let monitor = ExternalChangeMonitor(connection: self.connection, onChange: onChange)
            monitor.start(on: self.queue, intervalMilliseconds: intervalMilliseconds)
            self.monitor = monitor
        }
    }

    private func commit(_ batch: [PendingWrite]) {
        let db = connection.connection
        do {
            try db.transaction(.immediate) {
                for operation in batch {
                    do {
                        try db.savepoint("operation") { try operation.body(db) }
                    } catch {
                        // Some errors (SQLITE_FULL, SQLITE_IOERR, ...) roll the whole
                        // transaction back: the operations before this one are undone,
                        // and the next would run in autocommit, committed at once yet
                        // reported failed when the batch's COMMIT finds no transaction.
                        // Fail the whole batch instead.
                        if db.isAutocommit { throw error }
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
    var pendingCount: Int { state.withLock { $0.pending.count } }

    /// Refuses new writes, lets the pending ones finish, and closes the connection.
    func close() {
        let wasClosed = state.withLock { state -> Bool in
            defer { state.isClosed = true }
            return state.isClosed
        }
        guard !wasClosed else { return }
        queue.sync {
            // A drain already queued ran before this block; nothing is pending now.
            self.monitor?.stop()
            self.monitor = nil
            self.connection.connection.close()
        }
    }
}

/// One enqueued write. `error` is written on the writer queue before `done`
/// is called there, so nothing else reads it concurrently.
private final class PendingWrite: @unchecked Sendable {
    let body: (Connection) throws -> Void
    var error: (any Error)?
    let done: (_ error: (any Error)?, _ commit: CommitInterval) -> Void

    init(body: @escaping (Connection) throws -> Void, done: @escaping (_ error: (any Error)?, _ commit: CommitInterval) -> Void) {
        self.body = body
        self.done = done
    }
}

private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
