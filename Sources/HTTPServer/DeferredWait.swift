import Dispatch
import Locking

/// A deferred answer's readiness (`HTTPAnswer.deferred`), waited for first on
/// the handler's own thread for a bounded time, then, if still not ready,
/// handed to the pool so that the thread is freed.
///
/// Why both: a like's commit is usually ready within 1-3 ms. Waiting for it in
/// place (the lane lent to a spare thread meanwhile, `HandlerPool.whileBlocked`)
/// resumes it on the thread it already has; measured on the like mix, freeing
/// the thread at once made each like wait twice more to be scheduled (the
/// writer's thread, then a lane: about 0.6 and 0.55 ms on average), and took
/// the likes' p99 from about 8 to 13-15 ms, the whole mix's from 7 to 10.
/// But a disk that stalls for a second must not hold every handler thread, so
/// past `limit` the thread is given back and the rest runs once ready
/// (`HandlerPool.submitWhenReady`).
final class DeferredWait: Sendable {
    private enum State {
        case waitingInPlace
        case ready
        /// Past the in-place wait: the callback to run once ready, when registered.
        case handedOff(onReady: (@Sendable () -> Void)?)
    }

    private let state = Locked(State.waitingInPlace)
    private let signal = DispatchSemaphore(value: 0)

    /// Starts watching: `whenReady` is the deferred answer's.
    init(_ whenReady: (_ ready: @escaping @Sendable () -> Void) -> Void) {
        whenReady { [self] in becameReady() }
    }

    /// Waits up to `limit` inside `whileBlocked`; true when ready. When false,
    /// the caller hands the rest to `whenReady(_:)`.
    func waitInPlace(upTo limit: Duration, whileBlocked: (() -> Void) -> Void) -> Bool {
        let isReady = state.withLock { state in
            if case .ready = state { return true }
            return false
        }
        if isReady { return true }
        if limit > .zero {
            whileBlocked { _ = signal.wait(timeout: .now() + .nanoseconds(Int(clamping: limit.nanoseconds))) }
        }
        return state.withLock { state in
            if case .ready = state { return true }
            state = .handedOff(onReady: nil)
            return false
        }
    }

    /// After `waitInPlace` returned false: calls `onReady` once ready (now, if it is).
    func whenReady(_ onReady: @escaping @Sendable () -> Void) {
        let readyNow = state.withLock { state -> Bool in
            if case .ready = state { return true }
            state = .handedOff(onReady: onReady)
            return false
        }
        if readyNow { onReady() }
    }

    private func becameReady() {
        let handedOff = state.withLock { state -> (@Sendable () -> Void)?? in
            let previous = state
            state = .ready
            switch previous {
            case .waitingInPlace: return .none
            case .handedOff(let onReady): return .some(onReady)
            case .ready: return .some(nil)
            }
        }
        switch handedOff {
        case .none: signal.signal()
        case .some(let onReady): onReady?()
        }
    }
}
