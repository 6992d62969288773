import Dispatch

/// The listening socket and the read source that reports pending accepts.
/// Dispatch sources are thread-safe; the rest is immutable.
final class Listener: @unchecked Sendable {
    let fd: Int32
    let address: SocketAddress
    private let source: any DispatchSourceRead

    /// Binds and listens; `onAcceptable` runs on `queue` whenever connections wait.
    init(address: SocketAddress, backlog: Int32, queue: DispatchQueue, onAcceptable: @escaping @Sendable () -> Void) throws(SocketError) {
        let (fd, bound) = try Socket.listen(on: address, backlog: backlog)
        self.fd = fd
        self.address = bound
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

    /// Suspends the source for `duration`; runs on the accept queue, so pauses
    /// never overlap and each suspend has its one resume.
    func pause(for duration: Duration, on queue: DispatchQueue) {
        source.suspend()
        let nanoseconds = Int(clamping: duration.nanoseconds)
        queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in source.resume() }
    }

    /// Stops accepting at once: shutdown makes the kernel refuse new
    /// connections now, while the descriptor itself is closed only once the
    /// source's cancel handler ran (dispatch may use it until then).
    func stop() {
        _ = try? Socket.shutdownRead(fd)
        source.cancel()
    }
}
