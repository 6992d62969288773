import Dispatch
import HTTP1

/// One dispatch timer per connection, moved lazily: a request that arrives
/// and is answered within one event only stores a new deadline (no dispatch
/// call); the timer is rescheduled only when a deadline comes earlier than
/// its next firing, or when it fires before the current deadline.
extension Connection {
    /// Records the machine's timer request; `commitTimer()` applies it once per event.
    func apply(_ command: ConnectionStateMachine.TimerCommand) {
        switch command {
        case .keep:
            break
        case let .arm(kind, after):
            timerKind = kind
            let (sum, overflow) = eventTime.addingReportingOverflow(after.nanoseconds)
            deadline = overflow ? .max : sum
        case .cancel:
            timerKind = nil
        }
    }

    /// Moves the dispatch timer only when the deadline is earlier than its next firing.
    func commitTimer() {
        guard !isClosed, timerKind != nil, deadline < timerFiresAt else { return }
        schedule(at: deadline)
    }

    func timerFired() {
        guard !isClosed else { return }
        timerFiresAt = .max
        guard let kind = timerKind else { return }
        beginEvent()
        if eventTime >= deadline {
            timerKind = nil
            perform(machine.timedOut(kind, now: now), detail: kind.limitName)
            finishEvent()
        } else {
            schedule(at: deadline)
        }
    }

    private func schedule(at time: UInt64) {
        timerFiresAt = time
        // Leeway lets the kernel batch wake-ups; timeouts are coarse by nature.
        timer.schedule(deadline: DispatchTime(uptimeNanoseconds: time), leeway: .milliseconds(20))
    }
}

extension ConnectionStateMachine.Timeout {
    /// The `HTTPLimits` name behind the timeout: what a 408 names in the access log.
    var limitName: String {
        switch self {
        case .header: "headerTimeout"
        case .body: "bodyTimeout"
        case .idle: "idleTimeout"
        case .write: "writeTimeout"
        case .linger: "lingerTimeout"
        case .requestBodyDataRate: "minRequestBodyDataRate"
        case .responseDataRate: "minResponseDataRate"
        }
    }
}
