/// Where the server runs a request's handler: its cost class. Small on purpose:
/// three places (the pool with a queue ahead), each with its own bound, so
/// expensive work cannot starve cheap work (`ServerThreads.maxConcurrentHandlers`,
/// `maxQueuedHandlers`, `maxDedicatedHandlers`).
package enum HandlerExecution: Sendable, Hashable {
    /// On the server's I/O thread, at once, with no hand-off. Only for work that
    /// never blocks and takes microseconds (a liveness probe, a static page, a
    /// router's 404): while it runs, no other connection is read or written.
    case inline
    /// On the bounded handler pool: at most `maxConcurrentHandlers` at once, then
    /// up to `maxQueuedHandlers` waiting in arrival order, then `503` with
    /// `Retry-After: 1` without running the handler. For everything that may
    /// block (database reads and writes). The default.
    case pooled
    /// On the pool as `.pooled`, but ahead of the `.pooled` requests waiting:
    /// for work that mostly waits without a core (a write waiting for its
    /// fsync), so that its wait overlaps their work rather than adding the
    /// queue's to it. While both wait, the pool alternates between them, so
    /// these take at most every other start: misjudged or hostile, they can
    /// delay the others, never starve them.
    case pooledAhead
    /// Beside the pool, at most `maxDedicatedHandlers` at once and no queue (then
    /// `503`): for a probe that may block briefly but must answer while the pool
    /// is saturated, such as a readiness check that pings the database.
    case dedicated
}
