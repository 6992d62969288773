// Spec §5.2.3.1 Single root field: "For each subscription operation definition
// subscription in the document ... groupedFieldSet must have exactly one
// entry, which must not be an introspection field."
//
// Without a subscription root type, every subscription is already rejected by
// `KnownOperationTypesRule` and this rule, like graphql-js's, has nothing to
// check; with one, the root fields are counted (fragments followed,
// skip/include ignored, as graphql-js counts them).
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
