// Spec §5.5.2.2 Fragment spreads must not form cycles: "For each
// fragmentDefinition in the document, let visited be the empty set.
// DetectFragmentCycles(fragmentDefinition, visited)." Each fragment is
// explored once (graphql-js), so the work is linear in the spreads; but each
// cycle found is reported with its whole path, so that part is charged to
// the validation cost.
final class NoFragmentCyclesRule: ValidationRule {
    private let context: ValidationContext
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var spreadPathIndexByName: [String: Int] = [:]
    init(context: ValidationContext) { self.context = context }

    func enter(_ fragment: FragmentDefinition) { detectCycles(from: fragment) }

    /// graphql-js's recursive `detectCycleRecursive`, on an explicit stack of
    /// fragments being explored, so that a long chain cannot overflow the
    /// call stack. Each frame's spreads are followed in order.
    private func detectCycles(from fragment: FragmentDefinition) {
        var stack: [(name: String, spreads: [FragmentSpread], next: Int)] = []
        func enter(_ fragment: FragmentDefinition) -> Bool {
            let name = fragment.name.value
            guard visited.insert(name).inserted else { return false }
            let spreads = context.fragmentSpreads(in: fragment.selectionSet)
            if spreads.isEmpty { return false }
            spreadPathIndexByName[name] = spreadPath.count
            stack.append((name, spreads, 0))
            return true
        }
        _ = enter(fragment)
        while let top = stack.last {
            guard top.next < top.spreads.count else {
                spreadPathIndexByName[top.name] = nil
                stack.removeLast()
                // Back in the parent: the spread that led here leaves the path.
                if !stack.isEmpty { spreadPath.removeLast() }
                continue
            }
            stack[stack.count - 1].next += 1
            let spread = top.spreads[top.next]
            let spreadName = spread.name.value
            spreadPath.append(spread)
            if let cycleIndex = spreadPathIndexByName[spreadName] {
                let cyclePath = spreadPath[cycleIndex...]
                guard context.spend(ValidationCost.Weight.node * cyclePath.count) else { return }
                let via = cyclePath.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    at: cyclePath.map(\.loc))
            } else if let target = context.fragment(named: spreadName), enter(target) {
                continue
            }
            spreadPath.removeLast()
        }
    }
}
