import Locking

/// The thread steps the REGEX matches of one evaluation environment may take
/// together. Once it is spent, REGEX constraints match nothing, as a match over
/// its own limit does not: the answer stays a function of the state, the
/// context and the order features are evaluated in, and the cost stays bounded.
package final class RegexStepBudget: Sendable {
    private let remaining: Locked<Int>

    package init(steps: Int) {
        remaining = Locked(steps)
    }

    /// The steps left; never negative (a match may overrun by one position's worth).
    package var available: Int { remaining.withLock { max(0, $0) } }

    func spend(_ steps: Int) {
        // Saturating: the starting budget is the caller's number, possibly near Int.min.
        remaining.withLock { value in
            let (difference, overflow) = value.subtractingReportingOverflow(steps)
            value = overflow ? Int.min : difference
        }
    }
}
