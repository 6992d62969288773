extension Strategy {
    /// Whether this strategy is active for the context: its constraints and
    /// its segments' constraints all hold (a missing segment never holds),
    /// then the strategy's own rule.
    func isActive(feature: String, context: ToggleContext, state: ToggleState, environment env: EvaluationEnvironment) -> Bool {
        for id in segmentIDs {
            guard let segment = state.segments[id] else { return false }
            guard segment.constraints.allSatisfy({ $0.holds(in: context, environment: env) }) else { return false }
        }
        guard constraints.allSatisfy({ $0.holds(in: context, environment: env) }) else { return false }
        return ruleHolds(feature: feature, context: context, environment: env)
    }

    private func ruleHolds(feature: String, context: ToggleContext, environment env: EvaluationEnvironment) -> Bool {
        let groupId = parameters["groupId"] ?? feature
        switch name {
        case "default":
            return true
        case "userWithId":
            guard let userId = context.userId else { return false }
            return list(parameters["userIds"]).containsBytes(of: userId)
        case "gradualRolloutUserId":
            guard let userId = context.userId else { return false }
            return bucket(userId, groupId: groupId, within: parameters["percentage"])
        case "gradualRolloutSessionId":
            guard let sessionId = context.sessionId else { return false }
            return bucket(sessionId, groupId: groupId, within: parameters["percentage"])
        case "gradualRolloutRandom":
            guard let percentage = parameters["percentage"].flatMap(Constraint.number) else { return false }
            return percentage > 0 && Double(env.random(100)) <= percentage
        case "remoteAddress":
            guard let remote = context.remoteAddress else { return false }
            let address = IPAddress(remote)
            return list(parameters["IPs"]).contains { entry in
                if entry.hasSameBytes(as: remote) { return true }
                guard let address, let range = CIDRRange(entry) else { return false }
                return range.contains(address)
            }
        case "flexibleRollout":
            guard let percentage = parameters["rollout"].flatMap(Constraint.number) else { return false }
            let identifier: String?
            switch parameters["stickiness"] ?? "default" {
            case "default": identifier = context.userId ?? context.sessionId ?? String(env.random(10_000))
            case "random": identifier = String(env.random(10_000))
            case let field: identifier = context.value(of: field)
            }
            guard let identifier else { return false }
            return Double(NormalizedHash.value(identifier: identifier, groupId: groupId)) <= percentage
        default:
            // A custom strategy this server has no implementation of.
            return false
        }
    }

    private func bucket(_ identifier: String, groupId: String, within percentage: String?) -> Bool {
        guard let percentage = percentage.flatMap(Constraint.number) else { return false }
        return Double(NormalizedHash.value(identifier: identifier, groupId: groupId)) <= percentage
    }

    /// Unleash's comma-separated lists (`"a, b,c"`), blanks dropped.
    private func list(_ text: String?) -> [Substring] {
        (text ?? "").split(separator: ",").map { Substring(String($0).trimmingASCIIWhitespace()) }.filter { !$0.isEmpty }
    }
}

/// What an evaluation needs from outside the state: a clock, randomness and a
/// budget of REGEX steps. Passed in, so the module stays pure and tests fix all three.
/// Make one per request: the budget is spent across every evaluation made with it.
package struct EvaluationEnvironment: Sendable {
    /// Seconds since 1970, for DATE_* operators when the context has no `currentTime`.
    package var now: Double
    /// A uniform number in 1...upperBound.
    package var random: @Sendable (Int) -> Int
    /// Shared by copies of this environment.
    package let regexSteps: RegexStepBudget

    /// Each REGEX match is bounded (`ToggleLimits.maxRegexMatchSteps`), but a
    /// state may hold, or reference through segments, thousands of them: 4,194,304
    /// steps in all (about 35 ms) bounds a request whatever the state.
    package static let defaultRegexStepBudget = 1 << 22

    package init(
        now: Double, random: @escaping @Sendable (Int) -> Int = { Int.random(in: 1...max(1, $0)) },
        regexStepBudget: Int = defaultRegexStepBudget
    ) {
        self.now = now
        self.random = random
        regexSteps = RegexStepBudget(steps: regexStepBudget)
    }
}
