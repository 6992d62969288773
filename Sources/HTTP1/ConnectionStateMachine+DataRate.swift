/// Minimum data rates, as Kestrel enforces them (`TimeoutControl`,
/// `MinRequestBodyDataRate` / `MinResponseDataRate`), but on deadlines instead
/// of a once-a-second heartbeat: each rule becomes "the moment the client falls
/// below the rate if nothing more happens", which the one connection timer can
/// wait for, and which is checked again when it fires.
extension ConnectionStateMachine {
    /// The request body's average rate: every body byte received (those that came
    /// in with the head too) over the time the server has been waiting for the
    /// body; the time output was blocked does not count, since then we were not
    /// reading (Kestrel counts only while a read is pending). Judged once that
    /// time passes the grace period: the client falls behind when
    /// `waited > max(grace, bytes / rate)`.
    struct BodyDataRate: Sendable {
        private(set) var bytes = 0
        /// Waiting time before the current stretch.
        private var waitedBefore: Duration = .zero
        /// When the current stretch of waiting began; nil while paused.
        private var stretchStart: Duration?

        init() {}

        init(bytes: Int, now: Duration) {
            self.bytes = bytes
            stretchStart = now
        }

        mutating func received(_ count: Int) {
            bytes = bytes.addingReportingOverflow(count).overflow ? .max : bytes + count
        }

        mutating func pause(now: Duration) {
            guard let start = stretchStart else { return }
            waitedBefore += now - start
            stretchStart = nil
        }

        mutating func resume(now: Duration) {
            if stretchStart == nil { stretchStart = now }
        }

        /// When the average falls below `rate` if no more bytes arrive; nil while paused.
        func deadline(rate: Int, grace: Duration) -> Duration? {
            guard let start = stretchStart else { return nil }
            return start + max(grace, .seconds(bytes) / rate) - waitedBefore
        }
    }

    /// The response side: every queued write may take its size at the minimum
    /// rate, added to what earlier writes were allowed (so a fast drain earns
    /// no penalty later), and at least the grace period from when it is queued
    /// (Kestrel's `BytesWrittenToBuffer`). Enforced only while a write is
    /// blocked on the client.
    struct ResponseDataRate: Sendable {
        private(set) var deadline: Duration = .zero

        mutating func queued(_ count: Int, now: Duration, rate: Int, grace: Duration) {
            let atRate = Duration.seconds(count) / rate
            deadline = max(now + max(grace, atRate), deadline + atRate)
        }
    }

    // MARK: Timers

    /// While a body is read: the earlier of `bodyTimeout` after the last body
    /// bytes and the moment the average would fall below the minimum rate.
    func bodyTimer(now: Duration) -> TimerCommand {
        let stall = bodyActivity + configuration.bodyTimeout
        if let rateDeadline = bodyRateDeadline, rateDeadline < stall {
            return .arm(.requestBodyDataRate, after: max(.zero, rateDeadline - now))
        }
        return .arm(.body, after: max(.zero, stall - now))
    }

    var bodyRateDeadline: Duration? {
        guard configuration.minRequestBodyDataRate > 0 else { return nil }
        return bodyRate.deadline(rate: configuration.minRequestBodyDataRate, grace: configuration.dataRateGracePeriod)
    }

    /// While output is blocked: the earlier of `writeTimeout` after the last
    /// write progress and the moment the queued output falls behind the minimum rate.
    func outputTimer(now: Duration) -> TimerCommand {
        let stall = outputProgress + configuration.writeTimeout
        if configuration.minResponseDataRate > 0, responseRate.deadline < stall {
            return .arm(.responseDataRate, after: max(.zero, responseRate.deadline - now))
        }
        return .arm(.write, after: max(.zero, stall - now))
    }
}
