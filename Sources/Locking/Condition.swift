import Glibc

/// What threads waiting on a `Locked` value sleep on until another changes
/// it: `Locked.withLock(waitingOn:until:_:)` waits, and the thread that makes
/// the wait's predicate true calls `signal()` (one waiter) or `broadcast()`
/// (all of them). A pthread condition variable, used with `Locked`'s pthread
/// mutex, so that ThreadSanitizer sees the hand-over (see `Locked`).
///
/// One condition goes with one `Locked` value: a pthread condition variable
/// must always be waited on with the same mutex.
public final class Condition: @unchecked Sendable {
    @usableFromInline let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Wakes one waiter, if any; with the lock held or not.
    public func signal() {
        pthread_cond_signal(condition)
    }

    /// Wakes every waiter; with the lock held or not.
    public func broadcast() {
        pthread_cond_broadcast(condition)
    }
}

extension Locked {
    /// Waits until `isReady` holds for the value, then runs `body` on it, all
    /// while holding the lock: `pthread_cond_wait` lets the lock go while the
    /// thread sleeps on `condition`, and `isReady` is checked again after
    /// every wake-up (a wake-up may be spurious, or another thread may have
    /// taken what it was for). The value is never held across the wait, only
    /// read before it and changed after it.
    @inlinable
    public func withLock<Result, Failure: Error>(
        waitingOn condition: Condition, until isReady: (Value) -> Bool, _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !isReady(value) {
            pthread_cond_wait(condition.condition, mutex)
        }
        return try body(&value)
    }
}
