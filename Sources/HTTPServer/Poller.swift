#if canImport(Glibc)
import Glibc
#endif
import CEpoll
import Dispatch

/// Socket readiness for every connection of a server, from one Dispatch read
/// source on an epoll set of our own.
///
/// Why not a DispatchSource per socket: on Linux, libdispatch arms each fd
/// source one-shot and re-arms it through its manager thread after every
/// handler run, so each request paid an ioctl, an epoll_ctl, an eventfd wake
/// of the manager and two thread hand-offs. Measured, that was two thirds of
/// the server's CPU per request. Here the sockets sit edge-triggered in our
/// epoll set, registered once; the one Dispatch source says when the set has
/// ready sockets, and a batch of them is read with one epoll_wait.
///
/// Lifetime: the epoll data carries an unretained `Connection`. The server
/// drops its last reference to a closed connection on `queue`, after the fd
/// left the set, so a batch being delivered never names a freed connection.
final class Poller: @unchecked Sendable {
    /// Serial; delivers readiness and releases closed connections.
    let queue = DispatchQueue(label: "http.poller")
    private let epfd: Int32
    private let source: any DispatchSourceRead
    /// Touched only on `queue`.
    private var events: [epoll_event]

    /// Ready sockets taken per epoll_wait.
    static let batchSize = 256

    init() throws(SocketError) {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else { throw .lastError("epoll_create1") }
        events = [epoll_event](repeating: epoll_event(), count: Self.batchSize)
        source = DispatchSource.makeReadSource(fileDescriptor: epfd, queue: queue)
        source.setEventHandler { [unowned self] in drain() }
        source.setCancelHandler { [epfd] in _ = Glibc.close(epfd) }
        source.activate()
    }

    func invalidate() {
        source.cancel()
    }

    /// Watches `connection.fd` for input (and EOF or reset), edge-triggered.
    func add(_ connection: Connection) throws(SocketError) {
        try control(EPOLL_CTL_ADD, connection, output: false, call: "epoll_ctl(ADD)")
    }

    /// Also reports writability, while output waits (edge-triggered: the change re-polls the socket).
    func watchOutput(_ connection: Connection, _ watch: Bool) throws(SocketError) {
        try control(EPOLL_CTL_MOD, connection, output: watch, call: "epoll_ctl(MOD)")
    }

    /// Stops watching; call before closing the fd.
    func remove(_ fd: Int32) throws(SocketError) {
        guard epoll_ctl(epfd, EPOLL_CTL_DEL, fd, nil) == 0 else { throw .lastError("epoll_ctl(DEL)") }
    }

    private func control(_ operation: Int32, _ connection: Connection, output: Bool, call: String) throws(SocketError) {
        var flags = EPOLLIN.rawValue | EPOLLRDHUP.rawValue | EPOLLET.rawValue
        if output { flags |= EPOLLOUT.rawValue }
        var event = epoll_event()
        event.events = flags
        event.data.ptr = Unmanaged.passUnretained(connection).toOpaque()
        guard epoll_ctl(epfd, operation, connection.fd, &event) == 0 else { throw .lastError(call) }
    }

    /// While busy, the poller keeps waiting in epoll_wait itself (up to
    /// `busyWait` per wait, `busyBudget` in all): under load the kernel wakes
    /// this thread directly, instead of dispatch's manager thread waking it
    /// for every batch. An empty wait hands the set back to the source.
    static let busyWait: Int32 = 1  // milliseconds
    static let busyBudget: UInt64 = 20_000_000  // nanoseconds

    private func drain() {
        let started = DispatchTime.now().uptimeNanoseconds
        var timeout: Int32 = 0
        // Bounded by the budget; the source fires again while the set has ready sockets.
        for _ in 0..<100_000 {
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(epfd, $0.baseAddress, Int32($0.count), timeout)
            }
            // With valid arguments only EINTR can fail it; an empty wait means quiet: yield.
            guard count > 0 else { return }
            for index in 0..<Int(count) {
                let event = events[index]
                guard let pointer = event.data.ptr else { continue }
                let connection = Unmanaged<Connection>.fromOpaque(pointer).takeUnretainedValue()
                let hangUp = event.events & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                let readable = hangUp || event.events & EPOLLIN.rawValue != 0
                let writable = hangUp || event.events & EPOLLOUT.rawValue != 0
                connection.ready(readable: readable, writable: writable, hangUp: hangUp)
            }
            guard DispatchTime.now().uptimeNanoseconds &- started < Self.busyBudget else { return }
            timeout = Self.busyWait
        }
    }
}
