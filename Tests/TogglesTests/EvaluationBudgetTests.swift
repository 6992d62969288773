import Testing

@testable import Toggles

/// One evaluation environment, one budget of REGEX steps: a state that
/// references a costly pattern from many strategies (through a segment, so
/// each reference costs a few bytes) costs a request a bounded amount.
@Suite struct EvaluationBudgetTests {
    /// Fifty strategies gated on a segment whose pattern scans the whole value
    /// without matching, then one whose pattern matches at once.
    static let state: ToggleState = {
        let costly = #"{"name": "default", "segments": [1]}"#
        let cheap = #"{"name": "default", "constraints": [{"contextName": "userId", "operator": "REGEX", "value": "^a"}]}"#
        let strategies = Array(repeating: costly, count: 50) + [cheap]
        let text = """
            {"version": 2,
             "features": [{"name": "gate", "enabled": true, "strategies": [\(strategies.joined(separator: ","))]}],
             "segments": [{"id": 1, "constraints": [{"contextName": "userId", "operator": "REGEX", "value": "a{50}b"}]}]}
            """
        return (try? ToggleState.parse(Array(text.utf8))) ?? ToggleState()
    }()

    static let context = ToggleContext(userId: String(repeating: "a", count: 200))

    @Test func withBudgetLeftTheAnswerIsTheSpecifications() {
        #expect(Self.state.feature(named: "gate") != nil)
        let environment = EvaluationEnvironment(now: 0, regexStepBudget: .max)
        #expect(ToggleEvaluator(state: Self.state, environment: environment).isEnabled("gate", context: Self.context))
    }

    @Test func onceTheBudgetIsSpentRegexConstraintsMatchNothing() {
        let environment = EvaluationEnvironment(now: 0, regexStepBudget: 100_000)
        let evaluator = ToggleEvaluator(state: Self.state, environment: environment)
        #expect(!evaluator.isEnabled("gate", context: Self.context))
        #expect(environment.regexSteps.available == 0)
        // A new request gets a new environment, and a new budget.
        let next = EvaluationEnvironment(now: 0, regexStepBudget: 100_000)
        #expect(ToggleEvaluator(state: Self.state, environment: next).isEnabled("gate", context: ToggleContext(userId: "a")))
    }
}
