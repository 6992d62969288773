import Testing

@testable import Toggles

/// Variant weights come from a file, a toggle server or the toggles cache:
/// their sum is checked at load and at evaluation, so two weights near
/// `Int.max` are a refused state, never a trap.
@Suite struct WeightOverflowTests {
    /// Issue 33's state: weights 2^63−1 and 1.
    static let overflowing = """
        {"version":2,"features":[{"name":"x","enabled":true,"strategies":[],\
        "variants":[{"name":"a","weight":9223372036854775807},{"name":"b","weight":1}]}]}
        """

    @Test func aStateWhoseWeightsOverflowIsRefusedNamingTheToggle() {
        #expect(throws: ToggleStateError.unevaluable(toggle: "x", reason: "its variants' weights add up past \(Int.max)")) {
            try ToggleState.parse(Array(Self.overflowing.utf8))
        }
    }

    @Test func strategyVariantsAreCheckedToo() {
        let text = """
            {"features":[{"name":"y","enabled":true,"strategies":[{"name":"default","variants":[\
            {"name":"a","weight":9223372036854775000},{"name":"b","weight":9223372036854775000}]}]}]}
            """
        #expect(throws: ToggleStateError.unevaluable(toggle: "y", reason: "its variants' weights add up past \(Int.max)")) {
            try ToggleState.parse(Array(text.utf8))
        }
    }

    @Test func aDeltaThatWouldOverflowIsRefused() {
        let text = """
            {"events":[{"type":"feature-updated","feature":{"name":"z","enabled":true,\
            "variants":[{"name":"a","weight":9223372036854775807},{"name":"b","weight":9223372036854775807}]}}]}
            """
        #expect(throws: ToggleStateError.self) { try ToggleState.parse(Array(text.utf8)) }
    }

    /// The largest weights that still add up within `Int` are a valid state, and evaluate.
    @Test func weightsThatAddUpToIntMaxAreServed() throws {
        let text = """
            {"features":[{"name":"x","enabled":true,"variants":[\
            {"name":"a","weight":9223372036854775806},{"name":"b","weight":1},{"name":"c","weight":-5}]}]}
            """
        let state = try ToggleState.parse(Array(text.utf8))
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 0, random: { _ in 1 }))
        for user in ["1", "2", "3", "4"] {
            let variant = evaluator.variant("x", context: ToggleContext(userId: user))
            #expect(variant.enabled && ["a", "b"].contains(variant.name), "user \(user): \(variant)")
        }
    }

    /// A state built in code is never loaded, so never checked: evaluation itself
    /// must not trap, and gives no variant from weights it cannot add up.
    @Test func evaluationOfUncheckedWeightsGivesNoVariant() {
        let state = ToggleState(features: [
            Feature(name: "x", enabled: true, variants: [Variant(name: "a", weight: .max), Variant(name: "b", weight: .max)])
        ])
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 0))
        let variant = evaluator.variant("x", context: ToggleContext(userId: "7"))
        #expect(variant == .disabled(featureEnabled: true))
    }
}
