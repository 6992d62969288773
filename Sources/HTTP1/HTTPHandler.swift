/// The one seam between the transport and the application: a request in, a
/// response out. Called off the I/O path, possibly on several threads at once,
/// unless the handler declares the request non-blocking.
public protocol HTTPHandler: Sendable {
    func handle(_ request: HTTPRequest) -> HTTPResponse

    /// Whether `handle(request)` may run inline on the server's I/O thread,
    /// skipping the hand-off to a worker thread (and its wake-up) per request.
    ///
    /// The rule: answer `true` only when handling this request never blocks
    /// (no file or network I/O, no fsync, no waiting on a lock another thread
    /// may hold for long, no sleeping) and takes microseconds; while it runs,
    /// no other connection is read or written. Examples: a liveness probe, a
    /// static page, a router's 404. Wrapping handlers should forward the
    /// question to the handler they wrap. The default is `false`: off the I/O
    /// path, where a slow handler stalls only its own connection.
    func isNonBlocking(_ request: HTTPRequest) -> Bool
}

extension HTTPHandler {
    public func isNonBlocking(_ request: HTTPRequest) -> Bool { false }
}
