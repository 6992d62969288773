import FoundationEssentials
import Locking
import Toggles

/// The toggles `Query.featureToggles` evaluates: the current state of a
/// `ToggleStore` (kept up to date elsewhere, never on a request's path) and
/// the options that fill the Unleash context.
package struct FeatureToggles: Sendable {
    package let store: ToggleStore
    package var appName: String
    package var environment: String
    /// Seconds since 1970, for DATE_* constraints.
    package var now: @Sendable () -> Double

    package init(
        store: ToggleStore, appName: String = "moments", environment: String = "production",
        now: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) {
        self.store = store
        self.appName = appName
        self.environment = environment
        self.now = now
    }

    /// The built-in state only: what servers and tests without a toggle source use.
    package static var builtIn: FeatureToggles {
        FeatureToggles(store: ToggleStore(ToggleSnapshot(state: .builtIn, source: "built-in", loadedAt: 0)))
    }

    package func context(for request: ToggleRequest?, userID: String?) -> ToggleContext {
        var properties: [UTF8Key: String] = [:]
        properties["appVersion"] = request?.appVersion
        properties["platform"] = request?.platform
        properties["osVersion"] = request?.osVersion
        return ToggleContext(
            userId: userID, sessionId: request?.sessionId, remoteAddress: request?.remoteAddress,
            environment: environment, appName: appName, properties: properties)
    }

    /// Every toggle of the state, in the state's order, evaluated for one context.
    func evaluate(for request: ToggleRequest?, userID: String?) -> [FeatureToggleNode] {
        let snapshot = store.snapshot
        let evaluator = ToggleEvaluator(state: snapshot.state, environment: EvaluationEnvironment(now: now()))
        let context = context(for: request, userID: userID)
        return snapshot.state.features.map { feature in
            let variant = evaluator.variant(feature.name, context: context)
            return FeatureToggleNode(
                name: feature.name, enabled: variant.featureEnabled,
                variant: variant.enabled ? variant : nil)
        }
    }
}

/// One evaluated toggle, the source of a `FeatureToggle` object.
final class FeatureToggleNode {
    let name: String
    let enabled: Bool
    /// Nil when the toggle gives this context no variant (Unleash's `disabled` variant).
    let variant: VariantResult?

    init(name: String, enabled: Bool, variant: VariantResult?) {
        self.name = name
        self.enabled = enabled
        self.variant = variant
    }
}

/// The source of a `ToggleVariant` object.
final class ToggleVariantNode {
    let variant: VariantResult

    init(_ variant: VariantResult) { self.variant = variant }
}
