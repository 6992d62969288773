#if canImport(Glibc)
import Glibc
#endif

/// The server's threads and the work that may wait for them: event loops,
/// the handler pool with its spare threads and queue, and the probes' lane.
/// Thread policy lives here, beside the pools it sizes; the pure HTTP/1.1
/// codec's bounds are `HTTPLimits`.
package struct ServerThreads: Sendable {
    /// Requests whose handlers may block (`HandlerExecution.pooled`) that run at once, on threads
    /// of their own. At least 1. Default: one per core, plus one (`defaultConcurrentHandlers`):
    /// one more than the cores keeps a core busy while a handler waits on a lock or a reader.
    /// Not many more: runnable threads beyond the cores get preempted while holding the read
    /// cache's lock, and the others spin on it (docs/performance.md).
    package var maxConcurrentHandlers: Int
    /// Threads beyond `maxConcurrentHandlers` that run queued requests while handlers wait
    /// without using a core (a like waiting for its commit, through `HandlerWait.perform`), so
    /// those waits do not leave cores idle. Bounds the handler threads at
    /// `maxConcurrentHandlers` plus this. Default 8.
    package var spareHandlerThreads: Int
    /// Event loops: threads that read, parse, answer inline and write, each for its share of the
    /// connections (assigned in turn as they are accepted). At least 1. Default 1: with the load
    /// generator on the same small machine, more loops compete with the handler pool for the
    /// cores (docs/performance.md). Raise it on machines with cores to spare.
    package var ioThreads: Int
    /// Pooled requests that may wait, first in first out, for one of the `maxConcurrentHandlers`.
    /// Past it the request is answered `503` with `Retry-After: 1` without running its handler (the
    /// connection stays open). Default 1,024.
    package var maxQueuedHandlers: Int
    /// Requests of `HandlerExecution.dedicated` routes (a readiness probe) that run at once, beside
    /// the pool, so they answer while the pool is saturated. No queue: past it, `503` with
    /// `Retry-After: 1`. At least 1. Default 2.
    package var maxDedicatedHandlers: Int

    /// One per online core, plus one.
    package static let defaultConcurrentHandlers = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) + 1

    package init(
        maxConcurrentHandlers: Int = ServerThreads.defaultConcurrentHandlers,
        spareHandlerThreads: Int = 8,
        ioThreads: Int = 1,
        maxQueuedHandlers: Int = 1024,
        maxDedicatedHandlers: Int = 2
    ) {
        self.maxConcurrentHandlers = maxConcurrentHandlers
        self.spareHandlerThreads = spareHandlerThreads
        self.ioThreads = ioThreads
        self.maxQueuedHandlers = maxQueuedHandlers
        self.maxDedicatedHandlers = maxDedicatedHandlers
    }
}
