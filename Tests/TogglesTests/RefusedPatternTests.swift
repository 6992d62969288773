import Testing

@testable import Toggles

/// A state whose REGEX patterns the engine refuses: it still loads, those
/// constraints match nothing (Unleash's answer for an invalid regex), and the
/// state names each refused pattern once for the loader to log.
@Suite struct RefusedPatternTests {
    static let nested = "((((a{0}){1000}){1000}){1000}){1000}"

    static func regexConstraint(_ pattern: String) -> String {
        #"{"contextName": "userId", "operator": "REGEX", "value": "\#(pattern)"}"#
    }

    static let state = """
        {"version": 1, "features": [
          {"name": "nested", "enabled": true, "strategies": [{"name": "default", "constraints": [\(regexConstraint(nested))]}]},
          {"name": "nested-again", "enabled": true, "strategies": [{"name": "default", "constraints": [\(regexConstraint(nested))]}]},
          {"name": "segmented", "enabled": true, "strategies": [{"name": "default", "segments": [7]}]},
          {"name": "fine", "enabled": true, "strategies": [{"name": "default", "constraints": [\(regexConstraint("^a+$"))]}]}
        ],
        "segments": [{"id": 7, "constraints": [\(regexConstraint("(regex"))]}]}
        """

    @Test func aStateWithRefusedPatternsLoadsAndNamesEachOnce() throws {
        let state = try ToggleState.parse(Array(Self.state.utf8))
        #expect(state.features.count == 4)
        #expect(
            state.refusedPatterns == [
                RefusedPattern(pattern: Self.nested, error: .tooComplex(limit: 32_768)),
                RefusedPattern(pattern: "(regex", error: .syntax("missing ')'")),
            ])
    }

    @Test func aRefusedPatternMatchesNothing() throws {
        let state = try ToggleState.parse(Array(Self.state.utf8))
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 0))
        for value in ["", "a", "aaaa", "(regex"] {
            let context = ToggleContext(userId: value)
            #expect(!evaluator.isEnabled("nested", context: context))
            #expect(!evaluator.isEnabled("segmented", context: context))
        }
        #expect(evaluator.isEnabled("fine", context: ToggleContext(userId: "aaaa")))
    }
}
