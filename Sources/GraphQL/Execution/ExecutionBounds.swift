/// What one execution may cost, checked as it runs; past any bound the
/// execution stops with one error and `"data": null`.
struct ExecutionBounds: Sendable {
    /// Fields resolved, counting every list item's fields after fragment expansion.
    var maxExecutedFields: Int
    /// Nesting of the expanded plan (fragments spread inside fragments can go
    /// deeper than the parser's bound on one definition).
    var maxDepth: Int
    /// When the request must have finished; nil runs without a deadline.
    var deadline: Deadline?
    /// The request timeout the error message names (described only then).
    var timeout: Duration
    /// Most bytes of the response's `data`: checked every 64 fields and at
    /// the end, so a larger response is an error, never a partial body.
    var maxResponseBytes: Int = .max
}

extension ExecutionBounds {
    /// "10 s", "1.5 s", "250 ms": how a limit reads in an error message.
    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let milliseconds = attoseconds / 1_000_000_000_000_000
        if seconds == 0 { return "\(milliseconds) ms" }
        if milliseconds == 0 { return "\(seconds) s" }
        return "\(seconds).\(String(String(milliseconds + 1000).dropFirst()).replacing(/0+$/, with: "")) s"
    }
}

/// When a request must have finished.
///
/// A class, not a `ContinuousClock.Instant` held inline: that type is not
/// frozen in the standard library, so a struct holding one has no fixed
/// layout, and the executor then reached every one of its own stored
/// properties through runtime metadata (perf: metadata lookups and dynamic
/// stack allocations on every field, about a fifth of execution time).
final class Deadline: Sendable {
    let instant: ContinuousClock.Instant

    init(_ instant: ContinuousClock.Instant) {
        self.instant = instant
    }

    /// Not inlined for the same reason: a caller that inlines it allocates
    /// room for an `Instant` on every call, checked or not.
    @inline(never)
    func hasPassed() -> Bool { ContinuousClock.now >= instant }
}
