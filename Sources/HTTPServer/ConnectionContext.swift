import Dispatch
import HTTP1
import Synchronization

/// What every connection of one server shares; immutable, so any thread may read it.
final class ConnectionContext: Sendable {
    let handler: any HTTPHandler
    /// Asked about every request's head before its body is read (nil: every request is admitted).
    let admission: (any HTTPAdmission)?
    /// Where `.pooled` handlers run, off the I/O thread (`maxConcurrentHandlers`, `maxQueuedHandlers`).
    let handlerPool: HandlerPool
    /// Where `.dedicated` handlers run, beside the pool (`maxDedicatedHandlers`, no queue).
    let dedicatedPool: HandlerPool
    let limits: HTTPLimits
    let threads: ServerThreads
    /// Every connection starts as a copy of this machine (sharing its configuration).
    let newMachine: ConnectionStateMachine
    let accessLog: Server.AccessLog?
    /// A `SERVER` span per request, when traces are on.
    let tracing: ServerTracing?
    let logger: Server.Logger?
    /// Ids for requests that bring none (one counter per server).
    let requestIDs: RequestIDGenerator
    /// Called once per connection, after its socket is closed.
    let connectionClosed: @Sendable (ObjectIdentifier) -> Void
    private let stopping = Atomic(false)

    /// Whether the server is stopping (set before the I/O thread tells each connection).
    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    func beginStopping() { stopping.store(true, ordering: .relaxed) }

    init(
        handler: any HTTPHandler, admission: (any HTTPAdmission)? = nil, limits: HTTPLimits, threads: ServerThreads = ServerThreads(),
        handlerPool: HandlerPool? = nil, accessLog: Server.AccessLog?, tracing: ServerTracing? = nil, logger: Server.Logger?,
        requestIDs: RequestIDGenerator = RequestIDGenerator(),
        connectionClosed: @escaping @Sendable (ObjectIdentifier) -> Void
    ) {
        self.requestIDs = requestIDs
        self.handler = handler
        self.admission = admission
        self.limits = limits
        self.threads = threads
        self.handlerPool = handlerPool ?? HandlerPool.handlers(threads)
        self.dedicatedPool = HandlerPool(label: "http.dedicated", width: threads.maxDedicatedHandlers, maxQueued: 0)
        self.newMachine = ConnectionStateMachine(configuration: ConnectionStateMachine.Configuration(limits))
        self.accessLog = accessLog
        self.tracing = tracing
        self.logger = logger
        self.connectionClosed = connectionClosed
    }
}

extension Duration {
    /// Whole nanoseconds, clamped to `0...UInt64.max`, for DispatchTime arithmetic: a limit
    /// configured as "practically never" (`.seconds(.max)`) must not wrap round to "at once".
    var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return .max }
        let (total, carry) = whole.addingReportingOverflow(UInt64(attoseconds / 1_000_000_000))
        return carry ? .max : total
    }
}
