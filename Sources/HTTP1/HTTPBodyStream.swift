/// The body of a response produced over time (a subscription's events):
/// the transport writes the head at once, then pulls pieces while the
/// client keeps reading, each as one chunk (`Transfer-Encoding: chunked`).
///
/// Pull, not push: the transport asks for the next piece only once the
/// previous one left for the socket, so what waits for a slow client is
/// the stream's own bounded backlog (where it may coalesce), never an
/// output buffer that grows. The transport calls every method on the
/// connection's I/O thread; `attach`'s `wake` may be called from any thread.
package protocol HTTPBodyStream: AnyObject, Sendable {
    /// Called once the head is queued. The stream calls `wake` whenever
    /// `next()` has something new (any thread, any number of times).
    func attach(wake: @escaping @Sendable () -> Void)

    /// The next piece to write, if any: never blocks.
    func next() -> HTTPStreamPiece

    /// The server is stopping: the stream's next pieces end it (its
    /// protocol's `complete`), soon.
    func finish()

    /// The connection is gone (the client left, a timeout, an error):
    /// nothing more will be pulled. Called at most once, also after `.end`.
    func closed()

    /// For the access log at the stream's end: a short note (events sent).
    var accessLogDetail: String? { get }
}

/// What a stream hands the transport.
package enum HTTPStreamPiece: Sendable, Equatable {
    /// Nothing now: the stream calls `wake` when there is.
    case none
    /// Bytes to write as one chunk; more may follow.
    case bytes([UInt8])
    /// The last bytes (maybe none): the body ends after them.
    case end([UInt8])
}
