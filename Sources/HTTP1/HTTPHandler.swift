/// The one seam between the transport and the application: a request in, a
/// response out. Called off the I/O path, possibly on several threads at once,
/// unless the handler says the request runs inline (`execution(for:)`).
package protocol HTTPHandler: Sendable {
    /// The response. A handler that waits without using a core (a like
    /// waiting for its commit) waits here; the server's pool runs another
    /// request meanwhile when it is told so (`HandlerWait`).
    func handle(_ request: HTTPRequest) -> HTTPResponse

    /// Where `handle(request)` runs (see `HandlerExecution`); `.pooled` unless
    /// the handler says otherwise. Answer `.inline` only when handling this
    /// request never blocks (no file or network I/O, no fsync, no waiting on a
    /// lock another thread may hold for long, no sleeping) and takes
    /// microseconds: while it runs, no other connection is read or written.
    /// Examples: a liveness probe, a static page, a router's 404. Wrapping
    /// handlers forward this question to the handler they wrap, or the routes
    /// behind them lose their class.
    func execution(for request: HTTPRequest) -> HandlerExecution

    /// An answer the handler already holds (a cache hit), asked on the I/O
    /// thread before `execution(for:)`: the server sends it at once, with no
    /// hand-off, and `handle` does not run. nil (the default) when there is
    /// none. The same rules as `.inline`: never block, microseconds only.
    /// Wrapping handlers forward it, as they forward `execution(for:)`.
    func cachedResponse(to request: HTTPRequest) -> HTTPResponse?
}

extension HTTPHandler {
    package func execution(for request: HTTPRequest) -> HandlerExecution { .pooled }

    package func cachedResponse(to request: HTTPRequest) -> HTTPResponse? { nil }
}
