/// Evaluates features of one state for one context, as the Unleash client
/// specification says: `isEnabled` and `variant`.
package struct ToggleEvaluator: Sendable {
    package var state: ToggleState
    package var environment: EvaluationEnvironment

    package init(state: ToggleState, environment: EvaluationEnvironment) {
        self.state = state
        self.environment = environment
    }

    package func isEnabled(_ name: String, context: ToggleContext) -> Bool {
        resolve(name, context: context).enabled
    }

    package func variant(_ name: String, context: ToggleContext) -> VariantResult {
        guard let feature = state.feature(named: name) else { return .disabled(featureEnabled: false) }
        let resolution = resolve(name, context: context)
        guard resolution.enabled else { return .disabled(featureEnabled: false) }
        if let strategy = resolution.strategy, !strategy.variants.isEmpty,
            let chosen = VariantSelection.select(
                strategy.variants, groupId: strategy.parameters["groupId"] ?? name,
                stickiness: strategy.parameters["stickiness"], context: context, environment: environment)
        {
            return VariantResult(name: chosen.name, enabled: true, featureEnabled: true, payload: chosen.payload)
        }
        guard let chosen = VariantSelection.select(feature.variants, groupId: name, context: context, environment: environment) else {
            return .disabled(featureEnabled: true)
        }
        return VariantResult(name: chosen.name, enabled: true, featureEnabled: true, payload: chosen.payload)
    }

    /// Whether the feature is on, and which strategy turned it on (its
    /// variants win over the feature's).
    private func resolve(_ name: String, context: ToggleContext) -> (enabled: Bool, strategy: Strategy?) {
        guard let feature = state.feature(named: name), feature.enabled else { return (false, nil) }
        guard dependenciesSatisfied(feature, context: context) else { return (false, nil) }
        if feature.strategies.isEmpty { return (true, nil) }
        for strategy in feature.strategies where strategy.isActive(feature: name, context: context, state: state, environment: environment) {
            return (true, strategy)
        }
        return (false, nil)
    }

    /// Dependencies go one level deep: a parent that has dependencies itself
    /// (which also rules out cycles) or does not exist never satisfies.
    private func dependenciesSatisfied(_ feature: Feature, context: ToggleContext) -> Bool {
        feature.dependencies.allSatisfy { dependency in
            guard let parent = state.feature(named: dependency.feature), parent.dependencies.isEmpty else { return false }
            let parentEnabled = resolve(parent.name, context: context).enabled
            guard dependency.enabled else { return !parentEnabled }
            guard parentEnabled else { return false }
            if dependency.variants.isEmpty { return true }
            return dependency.variants.containsBytes(of: variant(parent.name, context: context).name)
        }
    }
}
