import Glibc

/// A value that threads share, reached only while holding its lock.
///
/// Why not `Synchronization.Mutex`: on Linux (Swift 6.3.1) it locks through functions of the
/// uninstrumented libswiftSynchronization, so ThreadSanitizer sees no order between two
/// critical sections, nor between a thread that builds an object and hands it over through
/// the lock and the thread that takes it out. It reported such hand-overs as races (CI,
/// PGPool's idle connections), and suppressing its reports hid real races too. A pthread
/// mutex is intercepted by ThreadSanitizer, so every report is a real one; uncontended it
/// costs the same compare-and-swap. Adaptive: a waiter spins briefly before sleeping, as
/// `Mutex` does, since our critical sections are a few lookups long.
///
/// Public, where the rest of the package says `package`: the compiler inlines
/// another module's `@inlinable` body only when it is public (Swift 6.3), so a
/// package `withLock` was a call, unspecialised, around every critical section.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_ADAPTIVE_NP))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` on the value while holding the lock; keep it short and never call out.
    /// Typed throws, so that a body throwing one error type (`SQLiteError`) keeps it.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
