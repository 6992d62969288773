// Spec §5.5.2.2 Fragment spreads must not form cycles: "For each
// fragmentDefinition in the document, let visited be the empty set.
// DetectFragmentCycles(fragmentDefinition, visited)." Each fragment is
// explored once (graphql-js), so the work is linear in the spreads.
final class NoFragmentCyclesRule: ValidationRule {
    private let context: ValidationContext
    private var visited: Set<String> = []
    private var spreadPath: [FragmentSpread] = []
    private var spreadPathIndexByName: [String: Int] = [:]
    init(context: ValidationContext) { self.context = context }

    func enter(_ fragment: FragmentDefinition) { detectCycles(from: fragment) }

    private func detectCycles(from fragment: FragmentDefinition) {
        let name = fragment.name.value
        guard visited.insert(name).inserted else { return }
        let spreads = context.fragmentSpreads(in: fragment.selectionSet)
        if spreads.isEmpty { return }
        spreadPathIndexByName[name] = spreadPath.count
        for spread in spreads {
            let spreadName = spread.name.value
            spreadPath.append(spread)
            if let cycleIndex = spreadPathIndexByName[spreadName] {
                let cyclePath = spreadPath[cycleIndex...]
                let via = cyclePath.dropLast().map { "\"\($0.name.value)\"" }.joined(separator: ", ")
                context.report(
                    "Cannot spread fragment \"\(spreadName)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    at: cyclePath.map(\.loc))
            } else if let target = context.fragment(named: spreadName) {
                detectCycles(from: target)
            }
            spreadPath.removeLast()
        }
        spreadPathIndexByName[name] = nil
    }
}
