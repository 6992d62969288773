/// The variant a context gets, in the specification's shape.
package struct VariantResult: Sendable, Equatable {
    package var name: String
    package var enabled: Bool
    package var featureEnabled: Bool
    package var payload: VariantPayload?

    package init(name: String, enabled: Bool, featureEnabled: Bool, payload: VariantPayload? = nil) {
        self.name = name
        self.enabled = enabled
        self.featureEnabled = featureEnabled
        self.payload = payload
    }

    /// What a feature without a variant for the context yields.
    package static func disabled(featureEnabled: Bool) -> VariantResult {
        VariantResult(name: "disabled", enabled: false, featureEnabled: featureEnabled)
    }
}

enum VariantSelection {
    /// Overrides first, then the weighted bucket of the first variant's
    /// stickiness (`default`: userId, sessionId, remoteAddress, else random),
    /// hashed with the variant seed over the total weight.
    /// Strategy variants take the strategy's stickiness parameter.
    static func select(
        _ variants: [Variant], groupId: String, stickiness strategyStickiness: String? = nil, context: ToggleContext,
        environment env: EvaluationEnvironment
    ) -> Variant? {
        // A state whose weights overflow is refused at load (`StateReader`); one built in code gets no variant.
        guard let totalWeight = totalWeight(of: variants), totalWeight > 0 else { return nil }
        for variant in variants {
            for override in variant.overrides {
                if let value = context.value(of: override.contextName), override.values.containsBytes(of: value) { return variant }
            }
        }
        let stickiness = strategyStickiness ?? variants.first?.stickiness ?? "default"
        let seed: String
        switch stickiness {
        case "default":
            seed = context.userId ?? context.sessionId ?? context.remoteAddress ?? String(env.random(10_000))
        case "random":
            seed = String(env.random(10_000))
        default:
            seed = context.value(of: stickiness) ?? String(env.random(10_000))
        }
        let target = NormalizedHash.value(identifier: seed, groupId: groupId, normalizer: totalWeight, seed: NormalizedHash.variantSeed)
        // Partial sums of positive weights stay within the total, which fit in an `Int`.
        var counter = 0
        for variant in variants where variant.weight > 0 {
            counter += variant.weight
            if counter >= target { return variant }
        }
        return nil
    }

    /// The sum of the variants' positive weights, or nil when it does not
    /// fit in an `Int`: weights come from a toggle server or a file, and
    /// two near `Int.max` would otherwise trap the process.
    static func totalWeight(of variants: [Variant]) -> Int? {
        var total = 0
        for variant in variants where variant.weight > 0 {
            let (sum, overflow) = total.addingReportingOverflow(variant.weight)
            guard !overflow else { return nil }
            total = sum
        }
        return total
    }
}
