/// Collects the fields of a selection set by response name, following inline
/// fragments but not spreads (graphql-js `getFieldsAndFragmentNames`), once
/// per selection set, and gives each field a signature: an ID equal for
/// fields that compare alike with any other field.
final class OverlapFieldCollector {
    private let context: ValidationContext
    private var cachedFields: [SourceLocation: CollectedFields] = [:]
    private var signatureIDs: [String: Int] = [:]
    private var printedSelectionSets: [SourceLocation: String] = [:]

    init(context: ValidationContext) { self.context = context }

    func referencedFields(_ fragment: FragmentDefinition) -> CollectedFields {
        if let cached = cachedFields[fragment.selectionSet.loc] { return cached }
        return collectedFields(fragment.selectionSet, parentType: context.types.named(fragment.typeCondition.value))
    }

    func collectedFields(_ selectionSet: SelectionSet, parentType: NamedType?) -> CollectedFields {
        if let cached = cachedFields[selectionSet.loc] { return cached }
        var fields = CollectedFields(key: selectionSet.loc)
        var fragmentNames: Set<String> = []
        collect(selectionSet, parentType, &fields, &fragmentNames)
        cachedFields[selectionSet.loc] = fields
        return fields
    }

    private func collect(
        _ selectionSet: SelectionSet, _ parentType: NamedType?, _ fields: inout CollectedFields,
        _ fragmentNames: inout Set<String>
    ) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                // graphql-js looks only at the type's own fields here: no __typename definition.
                let definition: FieldDefinition? =
                    if case .object(let object) = parentType { object.field(named: field.name.value) } else { nil }
                let name = field.responseKey
                if fields.fieldsByResponseName[name] == nil { fields.responseNames.append(name) }
                fields.fieldsByResponseName[name, default: []].append(
                    CollectedField(
                        parentType: parentType, field: field, definition: definition,
                        signature: signature(of: field, parentType: parentType)))
            case .fragmentSpread(let spread):
                if fragmentNames.insert(spread.name.value).inserted { fields.fragmentNames.append(spread.name.value) }
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.map { context.types.named($0.value) } ?? parentType
                collect(fragment.selectionSet, type, &fields, &fragmentNames)
            }
        }
    }

    private func signature(of field: Field, parentType: NamedType?) -> Int {
        var text = (parentType.map { type in
            if case .object = type { "o:" + type.name } else { "t:" + type.name }
        } ?? "-") + " " + field.name.value
        if !field.arguments.isEmpty {
            text += "(" + field.arguments.map { $0.name.value + ": " + $0.value.sortingObjectFields.printed }
                .joined(separator: ", ") + ")"
        }
        if let selectionSet = field.selectionSet { text += printed(selectionSet) }
        if let id = signatureIDs[text] { return id }
        let id = signatureIDs.count
        signatureIDs[text] = id
        return id
    }

    /// A selection set's content for signatures: fields, spreads and type conditions; no directives.
    private func printed(_ selectionSet: SelectionSet) -> String {
        if let cached = printedSelectionSets[selectionSet.loc] { return cached }
        var text = "{"
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                text += " " + field.responseKey + ": " + field.name.value
                if !field.arguments.isEmpty {
                    text += "(" + field.arguments.map { $0.name.value + ": " + $0.value.sortingObjectFields.printed }
                        .joined(separator: ", ") + ")"
                }
                if let inner = field.selectionSet { text += printed(inner) }
            case .fragmentSpread(let spread): text += " ..." + spread.name.value
            case .inlineFragment(let fragment):
                text += " ... on " + (fragment.typeCondition?.value ?? "-") + printed(fragment.selectionSet)
            }
        }
        text += " }"
        printedSelectionSets[selectionSet.loc] = text
        return text
    }
}
