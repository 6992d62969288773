/// Where a handler's own background work runs, bounded like requests: the
/// server's handler pool (`HTTPServer.HandlerPool`), so that work a request
/// started later (a like's fan-out to its streams) competes with requests
/// for the same lanes instead of adding threads of its own.
package protocol JobPool: AnyObject, Sendable {
    /// Runs `job` on a lane soon (`ahead`: before the others waiting), or
    /// returns false at once, without running it, when the pool is full.
    func submit(ahead: Bool, _ job: @escaping @Sendable () -> Void) -> Bool
}
