#if canImport(Glibc)
import Glibc
#endif

/// How long a libpq call may wait for the server: until `deadline`, or
/// until `isAbandoned` says the database is known to be unreachable
/// (checked every `slice` while waiting), whichever comes first. Every wait
/// of `PGConnection` is a `poll` on its socket bounded by one of these, so
/// no call blocks on a silent network for longer than its caller allows.
package struct PGWait: Sendable {
    package var deadline: ContinuousClock.Instant
    package var isAbandoned: @Sendable () -> Bool

    /// How often a long wait checks `isAbandoned`.
    static let slice: Duration = .milliseconds(50)

    package init(deadline: ContinuousClock.Instant, isAbandoned: @escaping @Sendable () -> Bool = { false }) {
        self.deadline = deadline
        self.isAbandoned = isAbandoned
    }

    /// This wait, ending no later than `bound` from now.
    package func capped(at bound: Duration) -> PGWait {
        PGWait(deadline: min(deadline, .now.advanced(by: bound)), isAbandoned: isAbandoned)
    }

    /// Waits until `socket` is ready for `events` (`POLLIN`, `POLLOUT`).
    /// Throws `PGError.unanswered` at the deadline, `PGError.unreachable`
    /// once abandoned, and a connection error if `poll` fails.
    func until(_ socket: Int32, ready events: Int16, call: String) throws(PGError) {
        while true {
            let remaining = ContinuousClock.now.duration(to: deadline)
            guard remaining > .zero else { throw PGError.unanswered(call: call) }
            guard !isAbandoned() else { throw PGError.unreachable("gave up waiting", call: call) }
            var descriptor = pollfd(fd: socket, events: events, revents: 0)
            let ready = poll(&descriptor, 1, Self.milliseconds(min(remaining, Self.slice)))
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw PGError(sqlState: PGError.connectionFailure, message: "poll: errno \(errno)", call: call)
            }
        }
    }

    /// Whole milliseconds, rounded up so a wait never ends early.
    static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let ms = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: ms)
    }
}
