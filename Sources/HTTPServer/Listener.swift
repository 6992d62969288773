import Dispatch

/// The listening socket and the read source that reports pending accepts.
///
/// Suspend, resume and cancel of the source all happen on `queue` (the
/// accept queue), so a pause never overlaps a stop: a source cancelled while
/// suspended, or released while suspended, would crash.
final class Listener: @unchecked Sendable {
    let fd: Int32
    let address: SocketAddress
    private let queue: DispatchQueue
    private let source: any DispatchSourceRead
    /// Confined to `queue`.
    private var paused = false

    /// Binds and listens; `onAcceptable` runs on `queue` whenever connections wait.
    init(address: SocketAddress, backlog: Int32, queue: DispatchQueue, onAcceptable: @escaping @Sendable () -> Void) throws(SocketError) {
        let (fd, bound) = try Socket.listen(on: address, backlog: backlog)
        self.fd = fd
        self.address = bound
        self.queue = queue
        source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        source.setEventHandler(handler: onAcceptable)
    }

    func start(onClosed: @escaping @Sendable () -> Void) {
        let fd = fd
        source.setCancelHandler {
            // The descriptor outlives the source; close it only once dispatch let go of it.
            _ = try? Socket.close(fd)
            onClosed()
        }
        source.activate()
    }

    /// Stops accepting for `duration`; call on `queue` (from the accept handler).
    /// The pending resume keeps the listener alive, so the source is never
    /// released while suspended; a cancel meanwhile takes effect on resume.
    func pause(for duration: Duration) {
        guard !paused else { return }
        paused = true
        source.suspend()
        let nanoseconds = Int(clamping: duration.nanoseconds)
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in
            paused = false
            source.resume()
        }
    }

    /// Stops accepting; the socket closes when the source's cancel handler runs
    /// (dispatch may use the descriptor until then). Connections that reach the
    /// kernel before that are accepted and refused by the server (503).
    func stop() {
        source.cancel()
    }
}
