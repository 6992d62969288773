// graphql-js 16.9+ MaxIntrospectionDepthRule (one of its `recommendedRules`,
// part of `specifiedRules`; not a spec rule): "Counts the depth of list
// fields in "__Type" recursively and returns `true` if the limit has been
// reached." From every `__schema` or `__type` field, the fields named
// `fields`, `interfaces`, `possibleTypes` or `inputFields` (the lists that
// lead from a type back to types) may nest at most 2 deep, through inline
// fragments and fragment spreads. A fragment already on the path is not
// followed again ("Fragment cycles are handled by `NoFragmentCyclesRule`"),
// nor is an unknown one. Only names count, not types, as in graphql-js.
//
// Each introspection list multiplies the response by the schema's size, so
// without this rule a small document asks for an enormous answer.
final class MaxIntrospectionDepthRule: ValidationRule {
    /// graphql-js `MAX_LISTS_DEPTH`: the third nested list is refused.
    static let maxListsDepth = 3
    static let listFieldNames: Set<String> = ["fields", "interfaces", "possibleTypes", "inputFields"]

    private let context: ValidationContext
    /// Fields still to leave inside a reported field, whose children
    /// graphql-js skips (its visitor returns `false`).
    private var skippedFieldDepth = 0
    /// Fragments (by depth on entry) explored to the end without reaching
    /// the limit and without meeting a fragment already on the path: their
    /// result does not depend on the path, so they are not explored again.
    /// graphql-js explores them every time, which is exponential in a chain
    /// of fragments each spreading the next twice.
    private var fragmentsBelowLimit: Set<FragmentAtDepth> = []

    private struct FragmentAtDepth: Hashable {
        var name: String
        var depth: Int
    }

    init(context: ValidationContext) { self.context = context }

    func enter(_ field: Field) {
        if skippedFieldDepth > 0 {
            skippedFieldDepth += 1
            return
        }
        guard field.name.value == "__schema" || field.name.value == "__type", reachesMaxDepth(field) else { return }
        context.report("Maximum introspection depth exceeded", at: field.loc)
        skippedFieldDepth = 1
    }

    func leave(_ field: Field) {
        if skippedFieldDepth > 0 { skippedFieldDepth -= 1 }
    }

    /// graphql-js `checkDepth`, depth first in the same order, on an explicit
    /// stack so that a long chain of fragments cannot overflow the call stack.
    private func reachesMaxDepth(_ root: Field) -> Bool {
        guard let rootSet = root.selectionSet else { return false }
        struct Frame {
            var selections: [Selection]
            var next = 0
            var depth: Int
            /// Set when these are a spread fragment's selections.
            var fragmentName: String?
            var cutsBefore: Int
        }
        var stack = [Frame(selections: rootSet.selections, depth: 0, fragmentName: nil, cutsBefore: 0)]
        var visitedFragments: Set<String> = []
        // Spreads not followed because their fragment was on the path.
        var cuts = 0
        while let top = stack.last {
            guard top.next < top.selections.count else {
                stack.removeLast()
                if let name = top.fragmentName {
                    visitedFragments.remove(name)
                    if cuts == top.cutsBefore { fragmentsBelowLimit.insert(FragmentAtDepth(name: name, depth: top.depth)) }
                }
                continue
            }
            stack[stack.count - 1].next += 1
            guard context.spend(ValidationCost.Weight.node) else { return false }
            switch top.selections[top.next] {
            case .fragmentSpread(let spread):
                let name = spread.name.value
                if visitedFragments.contains(name) {
                    cuts += 1
                    continue
                }
                guard let fragment = context.fragment(named: name),
                    !fragmentsBelowLimit.contains(FragmentAtDepth(name: name, depth: top.depth))
                else { continue }
                visitedFragments.insert(name)
                stack.append(
                    Frame(
                        selections: fragment.selectionSet.selections, depth: top.depth, fragmentName: name,
                        cutsBefore: cuts))
            case .field(let field):
                var depth = top.depth
                if Self.listFieldNames.contains(field.name.value) {
                    depth += 1
                    if depth >= Self.maxListsDepth { return true }
                }
                if let selectionSet = field.selectionSet {
                    stack.append(Frame(selections: selectionSet.selections, depth: depth, fragmentName: nil, cutsBefore: cuts))
                }
            case .inlineFragment(let fragment):
                stack.append(
                    Frame(selections: fragment.selectionSet.selections, depth: top.depth, fragmentName: nil, cutsBefore: cuts))
            }
        }
        return false
    }
}
