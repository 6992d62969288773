// Spec §5.2.3.1 Single root field: "For each subscription operation definition
// subscription in the document ... groupedFieldSet must have exactly one
// entry, which must not be an introspection field."
//
// This engine's `Schema` has no subscription root type, so every subscription
// is already rejected by `KnownOperationTypesRule` and this rule, like
// graphql-js's without a subscription type, has nothing to check. It stays in
// the list so the rule set reads like the spec's; should a subscription root
// appear, the root-field count below applies (fragments followed, skip/include ignored).
final class SingleFieldSubscriptionsRule: ValidationRule {
    private let context: ValidationContext
    init(context: ValidationContext) { self.context = context }

    func enter(_ operation: OperationDefinition) {
        guard operation.operation == .subscription,
            context.schema.rootType(for: .subscription) != nil
        else { return }
        var responseKeys: [String] = []
        var extraFields: [SourceLocation] = []
        var visitedFragments: Set<String> = []
        collectRootFields(operation.selectionSet, &responseKeys, &extraFields, &visitedFragments)
        let name = operation.name.map { "Subscription \"\($0.value)\"" } ?? "Anonymous Subscription"
        if !extraFields.isEmpty {
            context.report("\(name) must select only one top level field.", at: extraFields)
        }
        if responseKeys.contains(where: { $0.hasPrefix("__") }) {
            context.report("\(name) must not select an introspection top level field.", at: operation.loc)
        }
    }

    private func collectRootFields(
        _ selectionSet: SelectionSet, _ keys: inout [String], _ extra: inout [SourceLocation],
        _ visited: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let first = keys.first, first != field.responseKey { extra.append(field.loc) }
                keys.append(field.responseKey)
            case .inlineFragment(let fragment):
                collectRootFields(fragment.selectionSet, &keys, &extra, &visited)
            case .fragmentSpread(let spread):
                guard visited.insert(spread.name.value).inserted,
                    let fragment = context.fragment(named: spread.name.value)
                else { continue }
                collectRootFields(fragment.selectionSet, &keys, &extra, &visited)
            }
        }
    }
}
