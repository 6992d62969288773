/// The life of one HTTP/1.1 connection as a value: the connection reports
/// events (bytes arrived, a head or request decoded, output drained, a timer
/// fired), the machine answers with the one action to carry out. No sockets,
/// no clock: timers are requested as durations and reported back as events.
///
/// One request is in flight at a time, so pipelined requests are answered
/// strictly in order (NIO's `HTTPServerPipelineHandler`). Reads are wanted only
/// while the machine can use input and no output is waiting to drain
/// (`wantsReads`); the connection applies that in one place.
public struct ConnectionStateMachine: Sendable {
    /// The bounds the machine enforces; the connection builds it from `HTTPLimits`.
    public struct Configuration: Sendable, Equatable {
        /// Time to receive a whole request head, from its first byte (and, for
        /// the first request, from the accept). Not restarted by later bytes,
        /// so a slowloris client is cut off. Then `408` and close.
        public var headerTimeout: Duration
        /// Longest pause between two reads of a request body. Then `408` and close.
        public var bodyTimeout: Duration
        /// Longest wait for the next request on a kept-alive connection. Then a quiet close.
        public var idleTimeout: Duration
        /// Longest pause in write progress to a client that stops reading. Then close.
        public var writeTimeout: Duration
        /// After a closing response, how long unread input is drained before
        /// the close, so the client reads the response instead of a reset
        /// (nginx `lingering_timeout`).
        public var lingerTimeout: Duration

        public init(
            headerTimeout: Duration = .seconds(10),
            bodyTimeout: Duration = .seconds(30),
            idleTimeout: Duration = .seconds(60),
            writeTimeout: Duration = .seconds(30),
            lingerTimeout: Duration = .seconds(2)
        ) {
            self.headerTimeout = headerTimeout
            self.bodyTimeout = bodyTimeout
            self.idleTimeout = idleTimeout
            self.writeTimeout = writeTimeout
            self.lingerTimeout = lingerTimeout
        }
    }

    public enum Timeout: Sendable, Equatable {
        case header, body, idle, write, linger
    }

    public enum TimerCommand: Sendable, Equatable {
        /// Leave the running timer as it is.
        case keep
        /// (Re)start the one connection timer: it fires `timedOut(kind)` after `after`.
        case arm(Timeout, after: Duration)
        case cancel
    }

    public enum State: Sendable, Equatable {
        /// Waiting for the first byte of the next request.
        case idle
        /// Part of a request head arrived; the header timer runs.
        case readingHead
        /// The head is decoded; waiting for the body; the body timer runs.
        case readingBody
        /// A complete request is with the handler; no timer, no reads.
        case handling
        /// The last response is queued; once it drains the connection lingers.
        case closing
        /// Our side is shut down; input is read and dropped until EOF or the linger timer.
        case lingering
        case closed
    }

    public enum Action: Sendable, Equatable {
        /// Keep reading input, applying the timer command.
        case read(TimerCommand)
        /// Queue the interim `100 Continue`, then read the body.
        case sendContinue(TimerCommand)
        /// Hand the complete request to the handler, then report `responseReady`.
        case handle
        /// Queue a final response with this status and `Connection: close`;
        /// report `outputDrained` once it is written.
        case respondAndClose(HTTPStatus)
        /// Wait for queued output to drain, applying the timer command.
        case awaitDrain(TimerCommand)
        /// Shut down our sending side and drop input until EOF or the timer.
        case linger(TimerCommand)
        /// Close the socket now.
        case close
        case none
    }

    public let configuration: Configuration
    public private(set) var state: State = .idle
    /// Whether the request being read or handled allows keeping the connection.
    private var requestKeepAlive = true
    /// Responses fully queued so far: the first request waits under the header timeout, later ones under the idle timeout.
    public private(set) var responsesQueued = 0
    /// Queued bytes the socket did not take yet.
    private var outputPending = false
    private var peerClosedInput = false
    /// The server is stopping: no new request is started, the current one ends with `Connection: close`.
    public private(set) var stopping = false

    public init(configuration: Configuration) {
        self.configuration = configuration
    }

    /// Whether the connection should read its socket now (readiness is ignored otherwise).
    public var wantsReads: Bool {
        guard !outputPending, !peerClosedInput else { return false }
        switch state {
        case .idle, .readingHead, .readingBody, .lingering: return true
        case .handling, .closing, .closed: return false
        }
    }

    /// Whether input can be decoded now (bytes already buffered are kept otherwise).
    public var acceptsRequestBytes: Bool {
        switch state {
        case .idle: !stopping
        case .readingHead, .readingBody: true
        case .handling, .closing, .lingering, .closed: false
        }
    }

    // MARK: Events

    /// The connection was accepted.
    public mutating func opened() -> Action {
        .read(.arm(.header, after: configuration.headerTimeout))
    }

    /// Bytes of a request arrived (called before decoding them).
    public mutating func bytesArrived() -> Action {
        switch state {
        case .idle:
            state = .readingHead
            return .read(.arm(.header, after: configuration.headerTimeout))
        case .readingHead:
            return .read(.keep)
        case .readingBody:
            return .read(.arm(.body, after: configuration.bodyTimeout))
        case .handling, .closing, .lingering, .closed:
            return .none
        }
    }

    /// The decoder needs more bytes before its next event.
    public mutating func needMoreData() -> Action {
        switch state {
        case .idle:
            if stopping { return close() }
            return .read(idleTimer)
        case .readingHead, .readingBody:
            return .read(.keep)
        case .handling, .closing, .lingering, .closed:
            return .none
        }
    }

    /// A request head was decoded and a body follows.
    public mutating func headReceived(expectsContinue: Bool, keepAlive: Bool) -> Action {
        guard state == .readingHead || state == .idle else { return .none }
        state = .readingBody
        requestKeepAlive = keepAlive
        let timer = TimerCommand.arm(.body, after: configuration.bodyTimeout)
        // RFC 9110 §10.1.1: a server that will read the body sends 100 first.
        return expectsContinue ? .sendContinue(timer) : .read(timer)
    }

    /// A complete request was decoded.
    public mutating func requestReceived(keepAlive: Bool) -> Action {
        switch state {
        case .idle, .readingHead, .readingBody:
            state = .handling
            requestKeepAlive = keepAlive
            return .handle
        case .handling, .closing, .lingering, .closed:
            return .none
        }
    }

    /// The handler answered; returns whether the response keeps the
    /// connection open (`Connection: close` otherwise).
    public mutating func responseReady(handlerAllowsKeepAlive: Bool = true) -> Bool {
        guard state == .handling else { return false }
        let keepAlive = requestKeepAlive && handlerAllowsKeepAlive && !stopping && !peerClosedInput
        state = keepAlive ? .idle : .closing
        responsesQueued += 1
        return keepAlive
    }

    /// The decoder refused the input: answer once with its status and close. Never guess.
    public mutating func parseFailed(status: HTTPStatus) -> Action {
        switch state {
        case .idle, .readingHead, .readingBody:
            state = .closing
            return .respondAndClose(status)
        case .handling, .closing, .lingering, .closed:
            return .none
        }
    }

    /// A write left bytes the socket did not take: stop reading until they drain.
    public mutating func outputBlocked() -> Action {
        guard state != .closed else { return .none }
        outputPending = true
        return .awaitDrain(.arm(.write, after: configuration.writeTimeout))
    }

    /// A blocked write made progress but did not finish.
    public mutating func outputProgressed() -> Action {
        guard state != .closed, outputPending else { return .none }
        return .awaitDrain(.arm(.write, after: configuration.writeTimeout))
    }

    /// Every queued byte reached the socket.
    public mutating func outputDrained() -> Action {
        outputPending = false
        switch state {
        case .closing:
            if peerClosedInput { return close() }
            state = .lingering
            return .linger(.arm(.linger, after: configuration.lingerTimeout))
        case .idle:
            if stopping || peerClosedInput { return close() }
            return .read(idleTimer)
        case .readingHead:
            return .read(.arm(.header, after: configuration.headerTimeout))
        case .readingBody:
            return .read(.arm(.body, after: configuration.bodyTimeout))
        case .handling, .lingering, .closed:
            return .none
        }
    }

    /// The peer closed its sending side (read returned 0).
    public mutating func readEOF() -> Action {
        switch state {
        case .idle:
            return outputPending ? markPeerClosed() : close()
        case .readingHead, .readingBody, .lingering:
            // An abandoned request has no one to answer.
            return close()
        case .handling, .closing:
            // The response may still be wanted (half-close); close after it.
            return markPeerClosed()
        case .closed:
            return .none
        }
    }

    /// The timer armed for `kind` fired.
    public mutating func timedOut(_ kind: Timeout) -> Action {
        switch (kind, state) {
        case (.header, .idle), (.idle, .idle):
            return outputPending ? .none : close()
        case (.header, .readingHead), (.body, .readingBody):
            state = .closing
            return .respondAndClose(.requestTimeout)
        case (.write, _) where outputPending, (.linger, .lingering):
            return close()
        default:
            return .none  // a timer of a state already left
        }
    }

    /// The server is stopping: close when idle, otherwise end after the current response.
    public mutating func shutdownRequested() -> Action {
        stopping = true
        if state == .idle, !outputPending { return close() }
        return .none
    }

    /// The connection is gone (error, or closed after an action).
    public mutating func closed() {
        state = .closed
    }

    // MARK: Helpers

    private var idleTimer: TimerCommand {
        responsesQueued == 0
            ? .arm(.header, after: configuration.headerTimeout)
            : .arm(.idle, after: configuration.idleTimeout)
    }

    private mutating func close() -> Action {
        state = .closed
        return .close
    }

    private mutating func markPeerClosed() -> Action {
        peerClosedInput = true
        return .none
    }
}
