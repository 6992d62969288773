#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import HTTP1
import Locking
import Synchronization

/// An HTTP/1.1 server on non-blocking sockets driven by Dispatch.
///
/// ```swift
/// let server = Server(host: "127.0.0.1", port: 0, handler: router)
/// let address = try server.start()      // the real port when 0 was asked
/// ...                                   // SIGTERM -> server.stop()
/// server.waitUntilStopped()
/// ```
package final class Server: Sendable {
    /// Called once per response the server queues (see `AccessLogEntry`), on the
    /// server's I/O thread (the accept thread for the `maxConnections` refusal):
    /// keep it quick, and hand slow work (a blocking write) to another thread.
    package typealias AccessLog = @Sendable (AccessLogEntry) -> Void
    /// Called with transport problems worth a log line (failed accepts, unexpected socket errors).
    package typealias Logger = @Sendable (String) -> Void

    private enum Phase { case created, running, stopping, stopped }

    private struct State {
        var phase = Phase.created
        var listener: Listener?
        var context: ConnectionContext?
        var pollers: [Poller] = []
        /// The poller the next accepted connection goes to.
        var nextPoller = 0
        var listenerOpen = false
        var connections: [ObjectIdentifier: Connection] = [:]
        var onStopped: [@Sendable () -> Void] = []
    }

    package let host: String
    package let port: Int
    package let limits: HTTPLimits
    package let threads: ServerThreads
    /// Pending connections the kernel queues before accept (nginx's `backlog`).
    package let backlog: Int32
    private let handler: any HTTPHandler
    private let admission: (any HTTPAdmission)?
    private let accessLog: AccessLog?
    private let tracing: ServerTracing?
    private let logger: Logger?
    /// The pool handlers run on, when the caller shares it with other work; else one per start.
    private let handlerPool: HandlerPool?
    private let acceptQueue = DispatchQueue(label: "http.accept")
    private let state = Locked(State())
    private let stoppedGroup = DispatchGroup()
    private let refusals = DateCache()
    private let requestIDs = RequestIDGenerator()
    private let connectionsAccepted = Atomic<Int>(0)
    private let connectionsRefused = Atomic<Int>(0)
    /// How long accepting stops after accept fails (out of descriptors, usually).
    static let acceptPauseAfterFailure: Duration = .milliseconds(100)

    package init(
        host: String, port: Int, limits: HTTPLimits = HTTPLimits(), threads: ServerThreads = ServerThreads(), backlog: Int32 = 4096,
        admission: (any HTTPAdmission)? = nil, handler: any HTTPHandler, accessLog: AccessLog? = nil,
        logger: Logger? = nil, handlerPool: HandlerPool? = nil, tracing: ServerTracing? = nil
    ) {
        self.tracing = tracing
        self.handlerPool = handlerPool
        self.admission = admission
        self.host = host
        self.port = port
        self.limits = limits
        self.threads = threads
        self.backlog = backlog
        self.handler = handler
        self.accessLog = accessLog
        self.logger = logger
    }

    /// Binds and starts accepting; returns the bound address (with the real port when 0 was asked).
    @discardableResult
    package func start() throws(SocketError) -> SocketAddress {
        Socket.ignoreSIGPIPE()
        do { try Socket.raiseOpenFileLimit() } catch { logger?("cannot raise the open-file limit: \(error)") }
        let address = try SocketAddress(host: host, port: port)
        let context = ConnectionContext(
            handler: handler, admission: admission, limits: limits, threads: threads, handlerPool: handlerPool, accessLog: accessLog,
            tracing: tracing, logger: logger, requestIDs: requestIDs,
            connectionClosed: { [weak self] id in self?.connectionClosed(id) }
        )
        var pollers: [Poller] = []
        let listener: Listener
        do {
            for _ in 0..<max(1, threads.ioThreads) { pollers.append(try Poller()) }
            listener = try Listener(address: address, backlog: backlog, queue: acceptQueue) { [weak self] in
                self?.acceptPending(context: context)
            }
        } catch {
            for poller in pollers { poller.invalidate() }  // an active source must be cancelled, not just dropped
            throw error
        }
        let started = state.withLock { state -> Bool in
            guard state.phase == .created else { return false }
            state.phase = .running
            state.listener = listener
            state.context = context
            state.pollers = pollers
            state.listenerOpen = true
            return true
        }
        guard started else {
            for poller in pollers { poller.invalidate() }
            listener.stop()
            listener.start(onClosed: {})
            throw .failed(call: "start", errno: EALREADY)
        }
        stoppedGroup.enter()
        listener.start { [weak self] in self?.listenerClosed() }
        return listener.address
    }

    /// Graceful stop: stop accepting, close idle connections, let requests in
    /// flight finish (their responses carry `Connection: close`), and close what
    /// is left after `limits.shutdownGracePeriod`. `waitUntilStopped` returns after.
    package func stop(completion: (@Sendable () -> Void)? = nil) {
        let (listener, context, connections, alreadyStopped) = state.withLock { state in
            switch state.phase {
            case .created, .stopped:
                state.phase = .stopped
                return (nil as Listener?, nil as ConnectionContext?, [Connection](), true)
            case .stopping:
                if let completion { state.onStopped.append(completion) }
                return (nil, nil, [], false)
            case .running:
                if let completion { state.onStopped.append(completion) }
                state.phase = .stopping
                return (state.listener, state.context, Array(state.connections.values), false)
            }
        }
        if alreadyStopped { completion?() }
        guard let listener else { return }
        // Seen by handlers already running, so their responses say `Connection: close`.
        context?.beginStopping()
        listener.stop()
        for connection in connections {
            connection.poller.submit { connection.shutdown() }
        }
        acceptQueue.asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: limits.shutdownGracePeriod.nanoseconds))) {
            [weak self] in self?.closeRemainingConnections()
        }
    }

    /// Blocks until the server has stopped (returns at once if it never started).
    package func waitUntilStopped() {
        stoppedGroup.wait()
    }

    /// Waits at most `timeout`; returns whether the server stopped.
    package func waitUntilStopped(timeout: Duration) -> Bool {
        stoppedGroup.wait(timeout: .now() + .nanoseconds(Int(clamping: timeout.nanoseconds))) == .success
    }

    /// Open connections right now.
    package var connectionCount: Int {
        state.withLock { $0.connections.count }
    }

    /// Bytes and connections counted since start, and connections and
    /// pooled requests now: for the metrics (read at a scrape, never per request).
    package var transport: TransportTotals {
        let (pollers, context, open) = state.withLock { ($0.pollers, $0.context, $0.connections.count) }
        var totals = TransportTotals()
        for poller in pollers {
            totals.bytesReceived += poller.traffic.bytesReceived.load(ordering: .relaxed)
            totals.bytesSent += poller.traffic.bytesSent.load(ordering: .relaxed)
        }
        totals.connectionsAccepted = connectionsAccepted.load(ordering: .relaxed)
        totals.connectionsRefused = connectionsRefused.load(ordering: .relaxed)
        totals.connectionsOpen = open
        if let context {
            let pooled = context.handlerPool.load, dedicated = context.dedicatedPool.load
            totals.requestsInFlight = pooled.running + pooled.queued + dedicated.running + dedicated.queued
        }
        return totals
    }

    /// Pooled handlers running and waiting right now (nil unless started).
    var handlerLoad: HandlerPool.Load? {
        state.withLock { $0.context }?.handlerPool.load
    }

    // MARK: Accepting

    private func acceptPending(context: ConnectionContext) {
        // Bounded per event so stop() and other sources get their turn.
        for _ in 0..<256 {
            switch Socket.accept(listenerFD) {
            case let .success(fd?):
                admit(fd, context: context)
            case .success(nil):
                return
            case let .failure(error):
                // Out of descriptors or memory: the pending connection stays queued and
                // the source would fire again at once; pause accepting briefly instead
                // of spinning. Other errors (EINVAL once stop() shut the socket) end here.
                if case let .failed(_, code) = error, [EMFILE, ENFILE, ENOBUFS, ENOMEM].contains(code) {
                    logger?("\(error); pausing accepts for \(Self.acceptPauseAfterFailure)")
                    state.withLock { $0.listener }?.pause(for: Self.acceptPauseAfterFailure)
                }
                return
            }
        }
    }

    private var listenerFD: Int32 {
        state.withLock { $0.listener?.fd ?? -1 }
    }

    private func admit(_ fd: Int32, context: ConnectionContext) {
        do throws(SocketError) { try Socket.setNoDelay(fd) } catch { logger?("\(error)") }
        // Created only once admitted: its timer source must be activated before it is released.
        let connection = state.withLock { state -> Connection? in
            guard state.phase == .running, state.connections.count < limits.maxConnections,
                  !state.pollers.isEmpty else { return nil }
            // In turn: each event loop gets an equal share of the connections.
            let poller = state.pollers[state.nextPoller]
            state.nextPoller = (state.nextPoller + 1) % state.pollers.count
            let connection = Connection(fd: fd, context: context, poller: poller)
            state.connections[ObjectIdentifier(connection)] = connection
            return connection
        }
        if let connection {
            connectionsAccepted.add(1, ordering: .relaxed)
            connection.start()
        } else {
            connectionsRefused.add(1, ordering: .relaxed)
            refuse(fd)
        }
    }

    /// Past `maxConnections` (or while stopping): answer 503 and close at once,
    /// without touching the open connections. Best effort: one non-blocking send.
    private func refuse(_ fd: Int32) {
        var bytes: [UInt8] = []
        let requestID = requestIDs.next()
        ResponseSerializer.serialize(
            HTTPResponse(status: .serviceUnavailable, headers: ["Retry-After": "1"]),
            requestMethod: .get, version: .http1_1, keepAlive: false, date: refusals.current(), requestID: requestID,
            into: &bytes
        )
        accessLog?(.refusal(
            head: nil, status: .serviceUnavailable, bytes: 0, refusedBy: "maxConnections", requestID: requestID,
            remoteAddress: try? SocketAddress.peer(of: fd).host))
        _ = bytes.withUnsafeBytes { Socket.write(fd, $0) }
        do throws(SocketError) { try Socket.close(fd) } catch { logger?("\(error)") }
    }

    // MARK: Stopping

    private func connectionClosed(_ id: ObjectIdentifier) {
        let done = state.withLock { state -> [@Sendable () -> Void]? in
            state.connections[id] = nil
            return finishIfStopped(&state)
        }
        done.map(announceStopped)
    }

    private func listenerClosed() {
        let done = state.withLock { state -> [@Sendable () -> Void]? in
            state.listenerOpen = false
            state.listener = nil
            return finishIfStopped(&state)
        }
        done.map(announceStopped)
    }

    private func closeRemainingConnections() {
        let connections = state.withLock { Array($0.connections.values) }
        for connection in connections {
            connection.poller.submit { connection.closeNow() }
        }
    }

    private func finishIfStopped(_ state: inout State) -> [@Sendable () -> Void]? {
        guard state.phase == .stopping, !state.listenerOpen, state.connections.isEmpty else { return nil }
        state.phase = .stopped
        for poller in state.pollers { poller.invalidate() }
        state.pollers = []
        defer { state.onStopped = [] }
        return state.onStopped
    }

    private func announceStopped(_ callbacks: [@Sendable () -> Void]) {
        for callback in callbacks { callback() }
        stoppedGroup.leave()
    }
}
