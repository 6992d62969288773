#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `pthread_mutex_t` with a condition variable, heap-allocated so its
/// address never moves. The building block of the pool and the writer queue.
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Waits for `broadcast()`; call with the lock held (inside `withLock`).
    func wait() {
        pthread_cond_wait(condition, mutex)
    }

    func broadcast() {
        pthread_cond_broadcast(condition)
    }

    func signal() {
        pthread_cond_signal(condition)
    }
}
