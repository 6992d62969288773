import Locking

/// Collects the fields of a selection set by response name, following inline
/// fragments but not spreads (graphql-js `getFieldsAndFragmentNames`), once
/// per selection set, and gives each field a signature: an ID equal for
/// fields that compare alike with any other field.
///
/// Texts are interned by their bytes (`UTF8Key`): two fields whose string
/// arguments are only canonically equivalent ("Jos\u{E9}", "Jose\u{301}")
/// are different fields, as in graphql-js, which compares code units.
final class OverlapFieldCollector {
    private let context: ValidationContext
    private var cachedFields: [SourceLocation: CollectedFields] = [:]
    private var signatureIDs: [UTF8Key: Int] = [:]
    /// Selection sets by content, as IDs, so that a field's signature holds
    /// its sub-selections' ID rather than their whole text: a signature is
    /// then as long as the field's own line, and all of them together are
    /// linear in the document, however deep it nests.
    private var selectionSetIDs: [UTF8Key: Int] = [:]
    private var selectionSetIDsByLocation: [SourceLocation: Int] = [:]
    private var fragmentSignatureTexts: [UTF8Key: Int] = [:]
    private var fragmentSignatureIDs: [String: Int] = [:]

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
                if fields.groups[name] == nil { fields.responseNames.append(name) }
                fields.groups[name, default: FieldGroup()].append(
                    CollectedField(
                        parentType: parentType, field: field, definition: definition,
                        signature: signature(of: field, parentType: parentType)))
            case .fragmentSpread(let spread):
                if fragmentNames.insert(spread.name.value).inserted {
                    fields.fragmentNames.append(spread.name.value)
                    fields.fragmentSignatures.append(fragmentSignature(spread.name.value))
                }
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.map { context.types.named($0.value) } ?? parentType
                collect(fragment.selectionSet, type, &fields, &fragmentNames)
            }
        }
    }

    /// Equal for fragments with the same type condition and selections, which
    /// compare alike with any other fragment or fields; all unknown fragments
    /// share one (comparing with them finds nothing).
    func fragmentSignature(_ name: String) -> Int {
        if let known = fragmentSignatureIDs[name] { return known }
        let text =
            if let fragment = context.fragment(named: name) {
                fragment.typeCondition.value + " #\(selectionSetID(fragment.selectionSet))"
            } else {
                "unknown"
            }
        let id = intern(text, in: &fragmentSignatureTexts)
        fragmentSignatureIDs[name] = id
        return id
    }

    private func signature(of field: Field, parentType: NamedType?) -> Int {
        var text = (parentType.map { type in
            if case .object = type { "o:" + type.name } else { "t:" + type.name }
        } ?? "-") + " " + field.name.value + printedArguments(field)
        if let selectionSet = field.selectionSet { text += " #\(selectionSetID(selectionSet))" }
        return intern(text, in: &signatureIDs)
    }

    /// A selection set's content: fields, spreads and type conditions; no directives.
    private func selectionSetID(_ selectionSet: SelectionSet) -> Int {
        if let cached = selectionSetIDsByLocation[selectionSet.loc] { return cached }
        var text = "{"
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                text += " " + field.responseKey + ": " + field.name.value + printedArguments(field)
                if let inner = field.selectionSet { text += " #\(selectionSetID(inner))" }
            case .fragmentSpread(let spread): text += " ..." + spread.name.value
            case .inlineFragment(let fragment):
                text += " ... on " + (fragment.typeCondition?.value ?? "-") + " #\(selectionSetID(fragment.selectionSet))"
            }
        }
        text += " }"
        let id = intern(text, in: &selectionSetIDs)
        selectionSetIDsByLocation[selectionSet.loc] = id
        return id
    }

    private func printedArguments(_ field: Field) -> String {
        if field.arguments.isEmpty { return "" }
        return "(" + field.arguments.map { $0.name.value + ": " + $0.value.sortingObjectFields.printed }
            .joined(separator: ", ") + ")"
    }

    private func intern(_ text: String, in ids: inout [UTF8Key: Int]) -> Int {
        let key = UTF8Key(text)
        if let id = ids[key] { return id }
        let id = ids.count
        ids[key] = id
        return id
    }
}

/// A field as collected for comparison: where it was selected, its
/// definition if known, and what every pairwise comparison needs, computed
/// once per field rather than once per pair.
struct CollectedField {
    var parentTypeName: String?
    var parentIsObject: Bool
    var field: Field
    var type: TypeReference?
    /// Printed (object fields sorted) argument values by name; the last of a
    /// duplicated name wins, as in graphql-js's `sameArguments`.
    var argumentValues: [String: String]
    var printedArguments: [(name: String, value: String)]
    /// Equal for fields whose comparison with any other field gives the same
    /// result: same parent, name, arguments, type and sub-selections.
    var signature: Int

    init(parentType: NamedType?, field: Field, definition: FieldDefinition?, signature: Int) {
        self.signature = signature
        self.parentTypeName = parentType?.name
        self.parentIsObject = if case .object = parentType { true } else { false }
        self.field = field
        self.type = definition?.type
        self.printedArguments = field.arguments.map { ($0.name.value, $0.value.sortingObjectFields.printed) }
        var values: [String: String] = [:]
        for argument in printedArguments { values[argument.name] = argument.value }
        self.argumentValues = values
    }
}

/// The fields of one response name in document order, with their signatures.
struct FieldGroup {
    private(set) var fields: [CollectedField] = []
    private(set) var signatures = SignatureGroup()

    mutating func append(_ field: CollectedField) {
        fields.append(field)
        signatures.append(field.signature)
    }
}

/// Response name -> fields, in first-seen order, and the fragments spread.
struct CollectedFields {
    /// The selection set these came from: its location identifies it in the caches.
    var key: SourceLocation
    var responseNames: [String] = []
    var groups: [String: FieldGroup] = [:]
    var fragmentNames: [String] = []
    /// `fragmentNames`' content signatures (`OverlapFieldCollector.fragmentSignature`).
    var fragmentSignatures = SignatureGroup()
}
