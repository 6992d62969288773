extension Constraint {
    /// Whether the constraint holds for the context. The environment's clock
    /// stands in for a context without `currentTime`; REGEX spends its step budget.
    package func holds(in context: ToggleContext, environment: EvaluationEnvironment) -> Bool {
        if case .unknown = self.operator { return false }
        let result = evaluate(context.value(of: contextName), context: context, environment: environment)
        return inverted ? !result : result
    }

    private func evaluate(_ contextValue: String?, context: ToggleContext, environment: EvaluationEnvironment) -> Bool {
        let now = environment.now
        switch self.operator {
        case .in, .notIn:
            let isIn = contextValue.map { value in values.contains { $0.trimmingASCIIWhitespace().hasSameBytes(as: value) } } ?? false
            return self.operator == .in ? isIn : !isIn
        case .strContains, .strStartsWith, .strEndsWith:
            guard var subject = contextValue else { return false }
            var candidates = values
            if caseInsensitive {
                subject = subject.lowercased()
                candidates = candidates.map { $0.lowercased() }
            }
            return candidates.contains { candidate in
                switch self.operator {
                case .strStartsWith: subject.hasBytePrefix(candidate)
                case .strEndsWith: subject.hasByteSuffix(candidate)
                default: subject.containsBytes(candidate)
                }
            }
        case .numEq, .numGt, .numGte, .numLt, .numLte:
            guard let left = contextValue.flatMap(Self.number), let right = value.flatMap(Self.number) else { return false }
            switch self.operator {
            case .numEq: return left == right
            case .numGt: return left > right
            case .numGte: return left >= right
            case .numLt: return left < right
            default: return left <= right
            }
        case .dateAfter, .dateBefore:
            guard let limit = value.flatMap(Timestamp.parse) else { return false }
            let current: Double
            if let text = context.currentTime {
                guard let parsed = Timestamp.parse(text) else { return false }
                current = parsed
            } else {
                current = now
            }
            return self.operator == .dateAfter ? current > limit : current < limit
        case .semverEq, .semverGt, .semverGte, .semverLt, .semverLte:
            guard let left = contextValue.flatMap(SemanticVersion.init), let right = value.flatMap(SemanticVersion.init) else {
                return false
            }
            switch self.operator {
            case .semverEq: return left == right
            case .semverGt: return left > right
            case .semverGte: return left >= right
            case .semverLt: return left < right
            default: return left <= right
            }
        case .regex:
            guard let contextValue, let regex else { return false }
            return regex.matches(contextValue, budget: environment.regexSteps)
        case .inCIDR:
            guard let address = contextValue.flatMap(IPAddress.init) else { return false }
            return values.contains { CIDRRange(Substring($0))?.contains(address) ?? false }
        case .unknown:
            return false
        }
    }

    /// JavaScript's `Number(text)` for what toggle servers send: decimal
    /// numbers, surrounding whitespace allowed; anything else is not a number.
    static func number(_ text: String) -> Double? {
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, trimmed.count <= 64, let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }
}
