import Locking

/// The toggle state the server evaluates now, and where it came from. Requests
/// read it without waiting on any fetch: a copy under a lock, nothing else.
package struct ToggleSnapshot: Sendable {
    package var state: ToggleState
    /// `built-in`, `file PATH`, `url URL` (credentials masked: `ToggleSourceConfiguration.redactedSource`), `cache PATH`.
    package var source: String
    /// When this state was loaded (seconds since 1970).
    package var loadedAt: Double
    /// The last fetch or file check, whatever its outcome.
    package var lastFetch: FetchReport?

    package init(state: ToggleState, source: String, loadedAt: Double, lastFetch: FetchReport? = nil) {
        self.state = state
        self.source = source
        self.loadedAt = loadedAt
        self.lastFetch = lastFetch
    }
}

package struct FetchReport: Sendable, Equatable {
    package var at: Double
    package var succeeded: Bool
    /// `200, 12 features`, `304 not modified`, `HTTP 500: kept the last good state`.
    package var outcome: String

    package init(at: Double, succeeded: Bool, outcome: String) {
        self.at = at
        self.succeeded = succeeded
        self.outcome = outcome
    }
}

/// Holds the current snapshot; the refresher writes, requests read.
package final class ToggleStore: Sendable {
    private let current: Locked<ToggleSnapshot>

    package init(_ snapshot: ToggleSnapshot) {
        current = Locked(snapshot)
    }

    package var snapshot: ToggleSnapshot { current.withLock { $0 } }

    package func replace(state: ToggleState, source: String, at time: Double, report: FetchReport? = nil) {
        current.withLock { $0 = ToggleSnapshot(state: state, source: source, loadedAt: time, lastFetch: report ?? $0.lastFetch) }
    }

    package func record(_ report: FetchReport) {
        current.withLock { $0.lastFetch = report }
    }
}

extension ToggleState {
    /// What the server serves with no toggle source: the app's like button,
    /// on from app version 1.0.0.
    package static let builtIn = ToggleState(
        version: 1,
        features: [
            Feature(
                name: "isLikeButtonForMomentEnabled", enabled: true,
                description: "The like button under each moment.",
                strategies: [
                    Strategy(
                        name: "default",
                        constraints: [Constraint(contextName: "appVersion", operator: .semverGte, value: "1.0.0")])
                ])
        ])
}
