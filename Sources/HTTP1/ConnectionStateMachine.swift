/// The life of one HTTP/1.1 connection as a value: the connection reports
/// events (bytes arrived, a head or request decoded, output drained, a timer
/// fired), the machine answers with the one action to carry out. No sockets,
/// no clock: timers are requested as durations and reported back as events
/// (the vocabulary is in `ConnectionStateMachine+Actions.swift`).
///
/// Time is an input: events that start, extend or check a deadline take
/// `now`, any monotonic clock's reading as a `Duration` since its origin (the
/// connection passes its uptime), so the data-rate rules are plain arithmetic.
///
/// One request is in flight at a time, so pipelined requests are answered
/// strictly in order (NIO's `HTTPServerPipelineHandler`). Reads are wanted only
/// while the machine can use input and no output is waiting to drain
/// (`wantsReads`); the connection applies that in one place.
package struct ConnectionStateMachine: Sendable {
    /// The configuration, held by reference: the machine lives inline in every
    /// connection, and all of a server's connections share one (copies of one
    /// machine share it), so idle connections do not each carry a copy.
    private let bounds: Bounds
    package var configuration: Configuration { bounds.configuration }
    package private(set) var state: State = .idle
    /// Whether the request being read or handled allows keeping the connection.
    private var requestKeepAlive = true
    /// Responses fully queued so far: the first request waits under the header timeout, later ones under the idle timeout.
    package private(set) var responsesQueued = 0
    /// Queued bytes the socket did not take yet.
    private var outputPending = false
    private var peerClosedInput = false
    /// The server is stopping: no new request is started, the current one ends with `Connection: close`.
    package private(set) var stopping = false
    /// The body being read: its bytes and waiting time (used in `.readingBody` only).
    var bodyRate = BodyDataRate()
    /// When body bytes last arrived, or reading resumed: the body timeout runs from here.
    var bodyActivity: Duration = .zero
    var responseRate = ResponseDataRate()
    /// When blocked output last made progress: the write timeout runs from here.
    var outputProgress: Duration = .zero

    package init(configuration: Configuration) {
        bounds = Bounds(configuration)
    }

    private final class Bounds: Sendable {
        let configuration: Configuration
        init(_ configuration: Configuration) { self.configuration = configuration }
    }

    /// Whether the connection should read its socket now (readiness is ignored otherwise).
    package var wantsReads: Bool {
        guard !outputPending, !peerClosedInput else { return false }
        switch state {
        case .idle, .readingHead, .readingBody, .lingering: return true
        case .handling, .streaming, .closing, .closed: return false
        }
    }

    /// Whether input can be decoded now (bytes already buffered are kept otherwise).
    package var acceptsRequestBytes: Bool {
        switch state {
        case .idle: !stopping
        case .readingHead, .readingBody: true
        case .handling, .streaming, .closing, .lingering, .closed: false
        }
    }

    // MARK: Events

    /// The connection was accepted.
    package mutating func opened() -> Action {
        .read(.arm(.header, after: configuration.headerTimeout))
    }

    /// `count` bytes of a request arrived (called before decoding them).
    package mutating func bytesArrived(_ count: Int, now: Duration) -> Action {
        switch state {
        case .idle:
            state = .readingHead
            return .read(.arm(.header, after: configuration.headerTimeout))
        case .readingHead:
            return .read(.keep)
        case .readingBody:
            bodyRate.received(count)
            bodyActivity = now
            return .read(bodyTimer(now: now))
        case .handling, .streaming, .closing, .lingering, .closed:
            return .none
        }
    }

    /// The decoder needs more bytes before its next event.
    package mutating func needMoreData() -> Action {
        switch state {
        case .idle:
            if stopping { return close() }
            return .read(idleTimer)
        case .readingHead, .readingBody:
            return .read(.keep)
        case .handling, .streaming, .closing, .lingering, .closed:
            return .none
        }
    }

    /// A request head was decoded and its body (if any) follows; `bodyBytesRead`
    /// bytes after the head were already read with it.
    package mutating func headReceived(expectsContinue: Bool, keepAlive: Bool, bodyBytesRead: Int, now: Duration) -> Action {
        guard state == .readingHead || state == .idle else { return .none }
        state = .readingBody
        requestKeepAlive = keepAlive
        // The grace period starts with the body (Kestrel: when the body is first read).
        bodyRate = BodyDataRate(bytes: bodyBytesRead, now: now)
        bodyActivity = now
        // Behind blocked output (a pipelined request) we are not reading: the body
        // waits, untimed, under the output's timer.
        if outputPending { bodyRate.pause(now: now) }
        let timer = outputPending ? .keep : bodyTimer(now: now)
        // RFC 9110 §10.1.1: a server that will read the body sends 100 first.
        return expectsContinue ? .sendContinue(timer) : .read(timer)
    }

    /// A complete request was decoded.
    package mutating func requestReceived(keepAlive: Bool) -> Action {
        switch state {
        case .idle, .readingHead, .readingBody:
            state = .handling
            requestKeepAlive = keepAlive
            return .handle
        case .handling, .streaming, .closing, .lingering, .closed:
            return .none
        }
    }

    /// The handler answered; returns whether the response keeps the
    /// connection open (`Connection: close` otherwise). A streamed response
    /// (`streaming`) keeps the machine in `.streaming` until `streamEnded()`.
    package mutating func responseReady(handlerAllowsKeepAlive: Bool = true, streaming: Bool = false) -> Bool {
        guard state == .handling else { return false }
        let keepAlive = requestKeepAlive && handlerAllowsKeepAlive && !stopping && !peerClosedInput
        requestKeepAlive = keepAlive
        state = streaming ? .streaming : keepAlive ? .idle : .closing
        responsesQueued += 1
        return keepAlive
    }

    /// A streamed response's last bytes are queued: the connection goes on
    /// as after any response, once they are written (`outputDrained`).
    package mutating func streamEnded() -> Action {
        guard state == .streaming else { return .none }
        state = requestKeepAlive && !stopping && !peerClosedInput ? .idle : .closing
        return .awaitDrain(.keep)
    }

    /// The client of a streamed response hung up (`EPOLLRDHUP`, `EPOLLHUP`,
    /// `EPOLLERR`): nobody reads what the stream would send, so the
    /// connection closes (and with it the stream).
    package mutating func streamClientLeft() -> Action {
        guard state == .streaming else { return .none }
        peerClosedInput = true
        return close()
    }

    /// The decoder refused the input: answer once with its status and close. Never guess.
    package mutating func parseFailed(status: HTTPStatus) -> Action {
        switch state {
        case .idle, .readingHead, .readingBody:
            state = .closing
            return .respondAndClose(status)
        case .handling, .streaming, .closing, .lingering, .closed:
            return .none
        }
    }

    /// The admission refused a request from its head (`HTTPAdmission`): the
    /// same as a refused parse, so the body is never read and no `100 Continue` goes out.
    package mutating func headRefused(status: HTTPStatus) -> Action {
        parseFailed(status: status)
    }

    /// `count` bytes of output were queued (a response, a `100 Continue`): they
    /// extend the time the client may take to read (`minResponseDataRate`).
    package mutating func outputQueued(_ count: Int, now: Duration) {
        guard configuration.minResponseDataRate > 0 else { return }
        responseRate.queued(count, now: now, rate: configuration.minResponseDataRate, grace: configuration.dataRateGracePeriod)
    }

    /// A write left bytes the socket did not take: stop reading until they drain.
    package mutating func outputBlocked(now: Duration) -> Action {
        guard state != .closed else { return .none }
        outputPending = true
        outputProgress = now
        if state == .readingBody { bodyRate.pause(now: now) }
        return .awaitDrain(outputTimer(now: now))
    }

    /// A blocked write made progress but did not finish.
    package mutating func outputProgressed(now: Duration) -> Action {
        guard state != .closed, outputPending else { return .none }
        outputProgress = now
        return .awaitDrain(outputTimer(now: now))
    }

    /// Every queued byte reached the socket.
    package mutating func outputDrained(now: Duration) -> Action {
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
            bodyRate.resume(now: now)
            bodyActivity = now
            return .read(bodyTimer(now: now))
        case .handling, .streaming, .lingering, .closed:
            return .none
        }
    }

    /// The peer closed its sending side (read returned 0).
    package mutating func readEOF() -> Action {
        switch state {
        case .idle:
            return outputPending ? markPeerClosed() : close()
        case .readingHead, .readingBody, .lingering:
            // An abandoned request has no one to answer.
            return close()
        case .handling, .streaming, .closing:
            // The response may still be wanted (half-close); close after it.
            return markPeerClosed()
        case .closed:
            return .none
        }
    }

    /// The timer armed for `kind` fired. A rate deadline may have moved since it
    /// was armed (more bytes came, more output was queued), so it is checked again.
    package mutating func timedOut(_ kind: Timeout, now: Duration) -> Action {
        switch (kind, state) {
        case (.header, .idle), (.idle, .idle):
            return outputPending ? .none : close()
        case (.header, .readingHead), (.body, .readingBody):
            return timeOutRequest()
        case (.requestBodyDataRate, .readingBody):
            guard let deadline = bodyRateDeadline else { return .none }  // paused: the output timer runs
            return now >= deadline ? timeOutRequest() : .read(bodyTimer(now: now))
        case (.responseDataRate, _) where outputPending:
            return now >= responseRate.deadline ? abort() : .awaitDrain(outputTimer(now: now))
        case (.write, _) where outputPending:
            return abort()
        case (.linger, .lingering):
            return close()
        default:
            return .none  // a timer of a state already left
        }
    }

    /// The server is stopping: close when idle, otherwise end after the current response.
    package mutating func shutdownRequested() -> Action {
        stopping = true
        if state == .idle, !outputPending { return close() }
        return .none
    }

    /// The connection is gone (error, or closed after an action).
    package mutating func closed() {
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

    private mutating func abort() -> Action {
        state = .closed
        return .abort
    }

    /// RFC 9110 §15.5.9: the request did not come within the time we were prepared
    /// to wait; what follows on the connection cannot be framed, so it closes.
    private mutating func timeOutRequest() -> Action {
        state = .closing
        return .respondAndClose(.requestTimeout)
    }

    private mutating func markPeerClosed() -> Action {
        peerClosedInput = true
        return .none
    }
}
