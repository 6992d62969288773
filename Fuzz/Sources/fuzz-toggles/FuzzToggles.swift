import FuzzSupport
import Locking
@testable import JSON
@testable import Toggles

// A toggle state over arbitrary bytes, as the file and server sources read one
// (`ToggleState.parse`, REGEX patterns compiled on the way), then every feature evaluated
// for a few contexts. A slow input is a finding too (scripts/fuzz.sh: -timeout=5): the issue
// is about bounded work. Invariants:
// - a refused document is a `ToggleStateError` with a message; an accepted one keeps within
//   the feature and segment limits;
// - every REGEX constraint either compiled within the program and work limits or carries the
//   error that refused it, and `refusedPatterns` names each refused pattern exactly once;
// - matching a context value takes no more steps than `maxSteps` allows, nor (past one
//   position's worth) than the step limit;
// - evaluation agrees with itself: a pass of `variant` says each feature is enabled exactly
//   when a pass of `isEnabled` does (each pass with its own environment: they spend their
//   REGEX budgets in the same order), a variant is only given for an enabled feature, and a
//   second pass with the same fixed clock and randomness gives the same answers.

let limits = ToggleLimits()
/// Smaller than a request's (EvaluationEnvironment.defaultRegexStepBudget): an input is run
/// through many passes, and AddressSanitizer's build is several times slower per step.
let passBudget = 1 << 20

func environment() -> EvaluationEnvironment {
    EvaluationEnvironment(now: 1_700_000_000, random: { max(1, $0 / 2) }, regexStepBudget: passBudget)
}

/// Fixed contexts, plus one per constraint (up to `maxDerivedContexts`) whose field holds the
/// constraint's own value, so that IN, STR_*, REGEX and the rest are reached matching too.
let fixedContexts = [
    ToggleContext(),
    ToggleContext(
        userId: "7", sessionId: "s-1", remoteAddress: "10.0.0.1", appName: "moments", currentTime: "2024-01-01T00:00:00Z",
        properties: ["appVersion": "1.4.0", "platform": "ios"]),
]
let maxDerivedContexts = 3

func constraints(of state: ToggleState) -> [Constraint] {
    state.features.flatMap { $0.strategies.flatMap(\.constraints) }
        + state.segments.keys.sorted().flatMap { state.segments[$0]?.constraints ?? [] }
}

func contexts(for all: [Constraint]) -> [ToggleContext] {
    var derived: [ToggleContext] = []
    for constraint in all where derived.count < maxDerivedContexts {
        guard let value = constraint.value ?? constraint.values.first else { continue }
        var context = ToggleContext(userId: "7")
        switch constraint.contextName {
        case "userId": context.userId = value
        case "sessionId": context.sessionId = value
        case "remoteAddress": context.remoteAddress = value
        case "environment": context.environment = value
        case "appName": context.appName = value
        case "currentTime": context.currentTime = value
        default: context.properties[UTF8Key(constraint.contextName)] = value
        }
        derived.append(context)
    }
    return fixedContexts + derived
}

func checkRegexes(_ all: [Constraint], _ state: ToggleState, _ contexts: [ToggleContext]) {
    var refused: [String] = []
    var spent = 0  // all matches here share one pass's budget too
    for constraint in all where constraint.operator == .regex {
        guard let pattern = constraint.value else {
            invariant(constraint.regex == nil && constraint.regexError == nil, "a REGEX constraint without a value compiled")
            continue
        }
        guard let regex = constraint.regex else {
            invariant(constraint.regexError != nil, "\(pattern.debugDescription): neither compiled nor refused")
            if !refused.contains(pattern) { refused.append(pattern) }
            continue
        }
        invariant(constraint.regexError == nil, "\(pattern.debugDescription): compiled and refused")
        invariant(regex.program.count <= limits.maxRegexProgramSize, "\(pattern.debugDescription): \(regex.program.count) instructions")
        invariant(regex.compileWork <= limits.maxRegexCompileWork, "\(pattern.debugDescription): \(regex.compileWork) units of work")
        for context in contexts where spent < passBudget {
            guard let value = context.value(of: constraint.contextName) else { continue }
            var steps = 0
            _ = regex.matches(value, steps: &steps, limit: limits.maxRegexMatchSteps)
            spent += steps
            let length = value.unicodeScalars.count
            if length <= limits.maxRegexInputLength {
                invariant(steps <= regex.maxSteps(inputLength: length), "\(pattern.debugDescription): \(steps) steps on \(length) scalars")
            }
            invariant(
                steps <= limits.maxRegexMatchSteps + 4 * regex.program.count + 1,
                "\(pattern.debugDescription): \(steps) steps, past the limit")
        }
    }
    let named = state.refusedPatterns.map(\.pattern)
    invariant(Set(named).count == named.count, "refusedPatterns repeats a pattern: \(named)")
    invariant(Set(named) == Set(refused), "refusedPatterns \(named) but refused \(refused)")
}

/// Every feature for every context: `isEnabled` in one pass and `variant` in another, each
/// context with fresh environments.
func evaluate(_ state: ToggleState, _ contexts: [ToggleContext]) -> [VariantResult] {
    var answers: [VariantResult] = []
    for context in contexts {
        let enabledPass = ToggleEvaluator(state: state, environment: environment())
        let variantPass = ToggleEvaluator(state: state, environment: environment())
        let enabled = state.features.map { enabledPass.isEnabled($0.name, context: context) }
        for (feature, enabled) in zip(state.features, enabled) {
            let variant = variantPass.variant(feature.name, context: context)
            invariant(variant.featureEnabled == enabled, "\(feature.name.debugDescription): variant and isEnabled disagree")
            invariant(!variant.enabled || enabled, "\(feature.name.debugDescription): a variant for a disabled feature")
            answers.append(variant)
        }
    }
    return answers
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToggles(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let state: ToggleState
    do {
        state = try ToggleState.parse(bytes, limits: limits)
    } catch {
        invariant(!error.description.isEmpty, "empty message")
        return 0
    }
    invariant(state.features.count <= limits.maxFeatures, "\(state.features.count) features")
    invariant(state.segments.count <= limits.maxSegments, "\(state.segments.count) segments")
    let all = constraints(of: state)
    let contexts = contexts(for: all)
    checkRegexes(all, state, contexts)
    let first = evaluate(state, contexts)
    invariant(evaluate(state, contexts) == first, "two evaluations of one state disagree")
    return 0
}

@main
enum FuzzToggles {
    static func main() { runLibFuzzer(fuzzToggles) }
}
