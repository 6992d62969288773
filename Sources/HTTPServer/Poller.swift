#if canImport(Glibc)
import Glibc
#endif
import CEpoll
import Dispatch
import Locking
import Synchronization

/// The I/O thread of a server: socket readiness for every connection, from
/// one Dispatch read source on an epoll set of our own, and the one place
/// where connection state lives.
///
/// Why not a DispatchSource per socket: on Linux, libdispatch arms each fd
/// source one-shot and re-arms it through its manager thread after every
/// handler run, so each request paid an ioctl, an epoll_ctl, an eventfd wake
/// of the manager and two thread hand-offs. Here the sockets sit
/// edge-triggered in our epoll set, registered once; the one Dispatch source
/// says when the set has ready sockets, and a batch of them is read with one
/// epoll_wait.
///
/// Why connections live on `queue` rather than on queues of their own: a
/// hand-off per request from the poller to a connection queue on the global
/// pool cost a futex wake and a task switch per request (perf: ~7% in
/// `finish_task_switch`, 20 µs of CPU per request against nginx's 7). Now
/// reading, decoding, serialization and writing run right here, batched over
/// every ready socket; only handlers that may block leave the thread (see
/// `HTTPHandler.execution(for:)`), and their responses come back through
/// `submit`, which wakes the epoll set with an eventfd only when the poller
/// may be asleep, since a wake-up per response cost more CPU than the
/// response itself on the cheap routes.
///
/// Lifetime: the epoll data carries an unretained `Connection`. The server
/// drops its last reference to a closed connection on `queue`, after the fd
/// left the set, so a batch being delivered never names a freed connection.
final class Poller: @unchecked Sendable {
    /// Serial; owns every connection's state, delivers readiness, releases closed connections.
    let queue = DispatchQueue(label: "http.poller")
    /// The `Date` header of this loop's responses: one per loop, so that
    /// event loops share no lock on every response.
    let dates = DateCache()
    /// This loop's socket bytes (see `Server.transport`).
    let traffic = TrafficCounters()
    private let epfd: Int32
    /// Written by `submit` so the epoll set reports work from other threads.
    private let wakeFD: Int32
    private let source: any DispatchSourceRead
    /// Touched only on `queue`.
    private var events: [epoll_event]
    /// Connections whose input must be read again without a new edge; confined to `queue`.
    private var retries: [Connection] = []
    /// Whether `drain` is running (then `retries` is served before the next wait); confined to `queue`.
    private var draining = false
    /// Whether epoll reported `wakeFD` since it was last reset; confined to `queue`.
    private var wakeReported = false
    /// Work handed in from other threads (handler responses, accepts, stop).
    private let inbox = Locked<[@Sendable () -> Void]>([])
    /// Set by `invalidate`, under `inbox`'s lock, which orders it with `submit`.
    private let isInvalidated = Atomic(false)
    /// Whether submitted jobs wait: one wake per batch of submissions.
    private let signalled = Atomic(false)
    /// Whether `drain` is between waits, and so checks `signalled` before it
    /// sleeps or returns: then `submit` needs no eventfd write (a syscall here,
    /// an epoll event and a read there). Paired with `signalled` in
    /// sequentially consistent order, so a job is never left unseen.
    private let awake = Atomic(false)

    /// Ready sockets taken per epoll_wait.
    static let batchSize = 256
    /// The epoll data of `wakeFD`; never a connection's address.
    private static let wakeToken: UInt64 = 0

    init() throws(SocketError) {
        epfd = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epfd >= 0 else { throw .lastError("epoll_create1") }
        wakeFD = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard wakeFD >= 0 else {
            let error = SocketError.lastError("eventfd")
            _ = Glibc.close(epfd)
            throw error
        }
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLET.rawValue
        event.data.u64 = Self.wakeToken
        guard epoll_ctl(epfd, EPOLL_CTL_ADD, wakeFD, &event) == 0 else {
            let error = SocketError.lastError("epoll_ctl(ADD eventfd)")
            _ = Glibc.close(wakeFD)
            _ = Glibc.close(epfd)
            throw error
        }
        events = [epoll_event](repeating: epoll_event(), count: Self.batchSize)
        source = DispatchSource.makeReadSource(fileDescriptor: epfd, queue: queue)
        source.setEventHandler { [unowned self] in drain() }
        source.setCancelHandler { [epfd, wakeFD] in
            _ = Glibc.close(wakeFD)
            _ = Glibc.close(epfd)
        }
        source.activate()
    }

    func invalidate() {
        source.cancel()
        // Jobs left, or submitted from now on, would never run: dropping them
        // breaks the cycle a late handler's answer makes (job -> connection -> poller).
        let dropped = inbox.withLock { inbox -> [@Sendable () -> Void] in
            defer { inbox = [] }
            isInvalidated.store(true, ordering: .relaxed)
            return inbox
        }
        _ = dropped
    }

    /// Runs `job` on `queue` soon, from any thread; jobs run in submission order.
    /// After `invalidate` it is dropped.
    /// Returns false when the poller has stopped and `job` will never run.
    @discardableResult
    func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
        guard inbox.withLock({ inbox in
            guard !isInvalidated.load(ordering: .relaxed) else { return false }
            inbox.append(job)
            return true
        }) else { return false }
        guard !signalled.exchange(true, ordering: .sequentiallyConsistent),
              !awake.load(ordering: .sequentiallyConsistent) else { return true }
        wake()
        return true
    }

    private func wake() {
        var one: UInt64 = 1
        // Cannot block (the counter never nears its limit); a failure would leave the
        // job for the next wake, which the dispatch source also gives.
        _ = Glibc.write(wakeFD, &one, MemoryLayout<UInt64>.size)
    }

    /// Reads `connection` again soon (on `queue`): input is waiting that no new edge will announce.
    func retry(_ connection: Connection) {
        if draining {
            retries.append(connection)
        } else {
            queue.async { connection.readable() }
        }
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
        draining = true
        awake.store(true, ordering: .sequentiallyConsistent)
        defer {
            draining = false
            awake.store(false, ordering: .sequentiallyConsistent)
            // A job submitted while we were awake skipped the eventfd: raise it now.
            if signalled.load(ordering: .sequentiallyConsistent) { wake() }
            // Left over when the budget ran out: read them once the queue is free.
            if !retries.isEmpty {
                let connections = retries
                retries = []
                queue.async { for connection in connections { connection.readable() } }
            }
        }
        let started = DispatchTime.now().uptimeNanoseconds
        var timeout: Int32 = 0
        // Bounded by the budget; the source fires again while the set has ready sockets.
        for _ in 0..<100_000 {
            var wait = retries.isEmpty ? timeout : 0
            if wait != 0 {
                awake.store(false, ordering: .sequentiallyConsistent)
                if signalled.load(ordering: .sequentiallyConsistent) { wait = 0 }
            }
            let count = events.withUnsafeMutableBufferPointer {
                epoll_wait(epfd, $0.baseAddress, Int32($0.count), wait)
            }
            awake.store(true, ordering: .sequentiallyConsistent)
            // Jobs submitted up to now, the eventfd's among them, run before this batch.
            let submitted = signalled.load(ordering: .sequentiallyConsistent)
            if submitted { runSubmitted() }
            // With valid arguments only EINTR can fail it; an empty wait means quiet: yield.
            guard count > 0 || submitted || !retries.isEmpty else { return }
            for index in 0..<max(0, Int(count)) {
                let event = events[index]
                // Jobs run only between batches (above): one may release a
                // connection that a later event of this batch still names.
                guard event.data.u64 != Self.wakeToken else {
                    wakeReported = true
                    continue
                }
                guard let pointer = event.data.ptr else { continue }
                let connection = Unmanaged<Connection>.fromOpaque(pointer).takeUnretainedValue()
                let hangUp = event.events & (EPOLLRDHUP.rawValue | EPOLLHUP.rawValue | EPOLLERR.rawValue) != 0
                let readable = hangUp || event.events & EPOLLIN.rawValue != 0
                let writable = hangUp || event.events & EPOLLOUT.rawValue != 0
                connection.ready(readable: readable, writable: writable, hangUp: hangUp)
            }
            runRetries()
            guard DispatchTime.now().uptimeNanoseconds &- started < Self.busyBudget else { return }
            timeout = Self.busyWait
        }
    }

    private func runSubmitted() {
        if wakeReported {
            // Resets the counter (tidiness: edge-triggered, every write raises an event anyway).
            var counter: UInt64 = 0
            _ = Glibc.read(wakeFD, &counter, MemoryLayout<UInt64>.size)
            wakeReported = false
        }
        // Cleared before taking the jobs: a job submitted after the swap signals again.
        signalled.store(false, ordering: .sequentiallyConsistent)
        let jobs = inbox.withLock { inbox -> [@Sendable () -> Void] in
            defer { inbox = [] }
            return inbox
        }
        for job in jobs { job() }
    }

    private func runRetries() {
        guard !retries.isEmpty else { return }
        let connections = retries
        retries = []
        for connection in connections { connection.readable() }
    }
}
