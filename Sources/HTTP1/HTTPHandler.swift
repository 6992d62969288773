/// The one seam between the transport and the application: a request in, a
/// response out. Called off the I/O path, possibly on several threads at once,
/// unless the handler says the request runs inline (`execution(for:)`).
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPResponse

    /// Where `handle(request)` runs (see `HandlerExecution`). The default asks
    /// `isNonBlocking(_:)`: `.inline` when it says yes, else `.pooled`. Wrapping
    /// handlers should forward this question (and `isNonBlocking`) to the
    /// handler they wrap, or `.dedicated` routes behind them are pooled.
    func execution(for request: HTTPRequest) -> HandlerExecution

    /// Whether `handle(request)` may run inline on the server's I/O thread,
    /// skipping the hand-off to a worker thread (and its wake-up) per request:
    /// the two-way form of `execution(for:)`, for handlers with no dedicated routes.
    ///
    /// The rule: answer `true` only when handling this request never blocks
    /// (no file or network I/O, no fsync, no waiting on a lock another thread
    /// may hold for long, no sleeping) and takes microseconds; while it runs,
    /// no other connection is read or written. Examples: a liveness probe, a
    /// static page, a router's 404. The default is `false`: off the I/O path,
    /// where a slow handler stalls only its own connection.
    func isNonBlocking(_ request: HTTPRequest) -> Bool
}

extension HTTPHandler {
    public func isNonBlocking(_ request: HTTPRequest) -> Bool { false }

    public func execution(for request: HTTPRequest) -> HandlerExecution {
        isNonBlocking(request) ? .inline : .pooled
    }
}
