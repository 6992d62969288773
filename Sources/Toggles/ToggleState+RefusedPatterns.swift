/// A REGEX pattern of a state that did not compile; its constraints match nothing.
package struct RefusedPattern: Sendable, Equatable {
    package var pattern: String
    package var error: RegexError

    package init(pattern: String, error: RegexError) {
        self.pattern = pattern
        self.error = error
    }
}

extension ToggleState {
    /// Each distinct refused pattern once, features first then segments by id:
    /// the loader logs these once per load, where an evaluation can only say false.
    package var refusedPatterns: [RefusedPattern] {
        var seen: Set<String> = []
        var refused: [RefusedPattern] = []
        func collect(_ constraints: [Constraint]) {
            for constraint in constraints {
                guard let error = constraint.regexError, let pattern = constraint.value, seen.insert(pattern).inserted else { continue }
                refused.append(RefusedPattern(pattern: pattern, error: error))
            }
        }
        for feature in features {
            for strategy in feature.strategies { collect(strategy.constraints) }
        }
        for id in segments.keys.sorted() {
            collect(segments[id]?.constraints ?? [])
        }
        return refused
    }
}
