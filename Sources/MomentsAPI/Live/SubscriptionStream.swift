import Dispatch
import HTTP1
import Locking

/// One subscription's stream on one connection (`HTTPBodyStream`): the
/// results waiting for the client, framed as it asked (`StreamFraming`).
///
/// Bounded: at most `maxPending` moments wait, one result each, since the
/// latest state of a moment replaces an older one not yet sent
/// (coalescing). A client that falls further behind than that is sent an
/// error saying so, and the stream ends. The transport pulls only once the
/// previous piece left for the socket, so nothing else waits.
package final class SubscriptionStream: HTTPBodyStream, Sendable {
    private struct State {
        /// Moment ids in arrival order, and each one's latest result with its event id.
        var order: [UTF8Key] = []
        var results: [UTF8Key: (result: [UInt8], id: String?)] = [:]
        /// SSE: an id to send before anything else (where this stream resumes from).
        var position: String?
        /// The stream could not resume from the client's `Last-Event-ID`: this result first, then live.
        var resumeRefusal: (result: [UInt8], id: String?)?
        var wake: (@Sendable () -> Void)?
        var wroteAnything = false
        var heartbeatDue = false
        var fellBehind = false
        var finishing = false
        var ended = false
        var closed = false
        var events = 0
        var lastWrite: UInt64 = DispatchTime.now().uptimeNanoseconds
        /// An error to send, then end: the stream's only result (a refused start).
        var fatal: [UInt8]?
        /// The token it was opened with has expired: one `UNAUTHENTICATED` result, then the end.
        var expired = false
    }

    let framing: StreamFraming
    let viewerID: String
    private let maxPending: Int
    private let heartbeatNanoseconds: UInt64
    /// When the token the stream was opened with is refused (uptime
    /// nanoseconds, as `tick` is given); nil without a token.
    private let expiry: UInt64?
    private let state = Locked(State())
    private let onClosed: @Sendable (SubscriptionStream) -> Void

    init(
        framing: StreamFraming, viewerID: String, maxPending: Int, heartbeat: Duration, expiry: UInt64? = nil,
        onClosed: @escaping @Sendable (SubscriptionStream) -> Void
    ) {
        self.framing = framing
        self.viewerID = viewerID
        self.expiry = expiry
        self.maxPending = max(1, maxPending)
        let (seconds, attoseconds) = heartbeat.components
        heartbeatNanoseconds = UInt64(clamping: seconds) &* 1_000_000_000 &+ UInt64(clamping: attoseconds / 1_000_000_000)
        self.onClosed = onClosed
    }

    /// A stream whose only piece is `errors` (a JSON array), then its end.
    static func failed(framing: StreamFraming, errors: [UInt8]) -> SubscriptionStream {
        let stream = SubscriptionStream(framing: framing, viewerID: "", maxPending: 1, heartbeat: .seconds(3600), onClosed: { _ in })
        stream.state.withLock { $0.fatal = errors }
        return stream
    }

    /// SSE: the stream starts at `id`, sent before anything else.
    func start(at id: String) {
        state.withLock { $0.position = id }
    }

    /// The stream could not resume: `result` (an error) goes first, with `id`.
    func refuseResume(_ result: [UInt8], id: String?) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.resumeRefusal = (result, id)
            return state.wake
        }
        wake?()
    }

    /// A result for `momentID` (`id`: its event id), replacing one of that
    /// moment not yet sent. Returns whether it replaced one (coalesced).
    @discardableResult
    func push(momentID: String, result: [UInt8], id: String? = nil) -> Bool {
        let key = UTF8Key(momentID)
        let (wake, coalesced) = state.withLock { state -> ((@Sendable () -> Void)?, Bool) in
            guard !state.ended, !state.closed else { return (nil, false) }
            let coalesced = state.results[key] != nil
            if !coalesced {
                guard state.order.count < maxPending else {
                    state.fellBehind = true
                    return (state.wake, false)
                }
                state.order.append(key)
            }
            state.results[key] = (result, id)
            return (state.wake, coalesced)
        }
        wake?()
        return coalesced
    }

    /// Marks a heartbeat due when nothing was written for the interval, and
    /// the stream expired once its token's time has come.
    func tick(now: UInt64) {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            guard !state.ended else { return nil }
            if let expiry, now >= expiry {
                state.expired = true
                return state.wake
            }
            guard now &- state.lastWrite >= heartbeatNanoseconds else { return nil }
            state.heartbeatDue = true
            return state.wake
        }
        wake?()
    }

    /// The uptime (nanoseconds, `DispatchTime`'s) at which a token refused
    /// from `expiresAt` (seconds since 1970) expires, given the two clocks now;
    /// every step checked: the claim is the client's.
    static func expiry(expiresAt: Int64, wallNow: Int64, uptimeNow: UInt64) -> UInt64 {
        let (remaining, overflow) = expiresAt.subtractingReportingOverflow(wallNow)
        if overflow { return remaining < 0 ? UInt64.max : uptimeNow }  // wrapped: it was far off the other way
        guard remaining > 0 else { return uptimeNow }
        let (nanoseconds, tooFar) = UInt64(remaining).multipliedReportingOverflow(by: 1_000_000_000)
        guard !tooFar else { return UInt64.max }
        let (deadline, pastEnd) = uptimeNow.addingReportingOverflow(nanoseconds)
        return pastEnd ? UInt64.max : deadline
    }

    /// Results sent so far.
    var events: Int { state.withLock { $0.events } }

    // MARK: HTTPBodyStream

    package func attach(wake: @escaping @Sendable () -> Void) {
        state.withLock { $0.wake = wake }
        wake()
    }

    package func next() -> HTTPStreamPiece {
        let framing = framing
        return state.withLock { state -> HTTPStreamPiece in
            guard !state.ended, !state.closed else { return .none }
            let first = !state.wroteAnything
            var bytes: [UInt8]
            if let fatal = state.fatal {
                state.ended = true
                return .end(framing.fatal(fatal, first: true) + framing.end(first: false))
            } else if state.expired {
                // Nothing more for this token, results waiting included.
                state.ended = true
                return .end(framing.fatal(Self.tokenExpired, first: first) + framing.end(first: false))
            } else if state.fellBehind {
                state.ended = true
                let message = Array("[{\"message\":\"The stream fell behind: more than \(maxPending) moments waited for the client to read.\",\"extensions\":{\"code\":\"STREAM_FELL_BEHIND\"}}]".utf8)
                return .end(framing.fatal(message, first: first) + framing.end(first: false))
            } else if !state.order.isEmpty || state.resumeRefusal != nil || state.position != nil {
                bytes = state.position.map { framing.position($0) } ?? []
                state.position = nil
                var first = first
                if let refusal = state.resumeRefusal {
                    bytes += framing.result(refusal.result, first: first, id: refusal.id)
                    state.resumeRefusal = nil
                    first = false
                    state.events += 1
                }
                for key in state.order {
                    guard let pending = state.results[key] else { continue }
                    bytes += framing.result(pending.result, first: first, id: pending.id)
                    first = false
                    state.events += 1
                }
                state.order.removeAll(keepingCapacity: true)
                state.results.removeAll(keepingCapacity: true)
                // A position alone means nothing to multipart: no empty chunk (it would end the body).
                if bytes.isEmpty { return .none }
            } else if state.finishing {
                state.ended = true
                return .end(framing.end(first: first))
            } else if state.heartbeatDue {
                bytes = framing.heartbeat(first: first)
            } else {
                return .none
            }
            state.heartbeatDue = false
            state.wroteAnything = true
            state.lastWrite = DispatchTime.now().uptimeNanoseconds
            return .bytes(bytes)
        }
    }

    package func finish() {
        let wake = state.withLock { state -> (@Sendable () -> Void)? in
            state.finishing = true
            return state.wake
        }
        wake?()
    }

    package func closed() {
        let first = state.withLock { state -> Bool in
            defer { state.closed = true }
            return !state.closed
        }
        if first { onClosed(self) }
    }

    package var accessLogDetail: String? {
        state.withLock { "stream events=\($0.events)\($0.expired ? " token-expired" : "")" }
    }

    /// The last result of a stream whose token expired: what a request with that token would be told.
    static let tokenExpired = Array(
        #"[{"message":"The bearer token has expired.","extensions":{"code":"UNAUTHENTICATED"}}]"#.utf8)
}
