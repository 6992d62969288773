/// Whether reads should try the standby now, decided without the wall
/// clock (the caller passes `now`): after a failure the standby is left
/// alone for a pause that doubles with each failure in a row, from
/// `firstPause` up to `longestPause`, and its first success ends it. So a
/// standby that stops answering costs one bounded wait per pause, not one
/// per read, and one that comes back is used again within `longestPause`.
package struct StandbyHealth: Sendable {
    package static let firstPause: Duration = .milliseconds(500)
    package static let longestPause: Duration = .seconds(8)

    private var pausedUntil: ContinuousClock.Instant?
    private var pause: Duration = .zero
    /// Failures in a row.
    package private(set) var failures = 0

    package init() {}

    /// Whether a read may try the standby at `now`.
    package func isUsable(at now: ContinuousClock.Instant) -> Bool {
        pausedUntil.map { now >= $0 } ?? true
    }

    /// A read on the standby failed (no connection, no answer in time, not a standby).
    package mutating func failed(at now: ContinuousClock.Instant) {
        pause = failures == 0 ? Self.firstPause : min(pause * 2, Self.longestPause)
        failures = failures < Int.max ? failures + 1 : failures
        pausedUntil = now.advanced(by: pause)
    }

    /// A read on the standby was answered.
    package mutating func succeeded() {
        failures = 0
        pause = .zero
        pausedUntil = nil
    }
}
