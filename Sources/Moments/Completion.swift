import Dispatch
import Locking

/// Work that finishes later, on another thread (a write waiting for its
/// commit): waited for, or asked to call back. Finishes once; later calls
/// to `finish` are ignored.
///
/// Why callbacks and not only a blocking wait: a like waits for its group
/// commit's fsync, usually milliseconds, sometimes far more when the disk
/// stalls. A caller that blocks meanwhile holds a handler thread, and on a
/// loaded server a stall took every one of them, reads included (README,
/// "Benchmark"). A caller that registers `whenFinished` holds nothing; the
/// server waits in place only briefly (`HTTPLimits.deferredWaitInPlace`).
package final class Completion: Sendable {
    private enum State {
        case waiting(callbacks: [@Sendable ((any Error)?) -> Void])
        case finished((any Error)?)
    }

    private let state = Locked(State.waiting(callbacks: []))

    package init() {}

    /// Already finished: with `body`'s error, or without one. `body` runs now.
    package convenience init(running body: () throws -> Void) {
        self.init()
        do {
            try body()
            finish(nil)
        } catch {
            finish(error)
        }
    }

    /// Finishes with `error` (nil: success) and runs the callbacks, in the
    /// order they were added, on this thread.
    package func finish(_ error: (any Error)?) {
        let callbacks = state.withLock { state -> [@Sendable ((any Error)?) -> Void] in
            guard case .waiting(let callbacks) = state else { return [] }
            state = .finished(error)
            return callbacks
        }
        for callback in callbacks { callback(error) }
    }

    /// Calls `body` with the outcome once finished: at once, on this thread,
    /// if it already is; else on the thread that finishes it. Keep `body`
    /// short: it may run on a writer's thread between two commits.
    package func whenFinished(_ body: @escaping @Sendable ((any Error)?) -> Void) {
        let outcome = state.withLock { state -> (any Error)?? in
            switch state {
            case .waiting(var callbacks):
                callbacks.append(body)
                state = .waiting(callbacks: callbacks)
                return .none
            case .finished(let error):
                return .some(error)
            }
        }
        if case .some(let error) = outcome { body(error) }
    }

    /// Whether it has finished (then `wait()` returns at once).
    package var isFinished: Bool {
        state.withLock { state in
            if case .finished = state { return true }
            return false
        }
    }

    /// Blocks until finished; throws its error.
    package func wait() throws {
        if case .finished(let error) = state.withLock({ $0 }) {
            if let error { throw error }
            return
        }
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<(any Error)?>(nil)
        whenFinished { error in
            outcome.withLock { $0 = error }
            done.signal()
        }
        done.wait()
        if let error = outcome.withLock({ $0 }) { throw error }
    }
}
