// Spec §5.3.2 Field Selection Merging: "For each selection set set in the
// document: FieldsInSetCanMerge(set) must be true." FieldsInSetCanMerge asks,
// for every pair of fields with the same response name in the set (fragments
// followed), that SameResponseShape holds and that, when their parents are
// the same type (or not both objects), they name the same field with the
// same arguments.
//
// A port of graphql-js's algorithm: fields and fragment names are collected
// once per selection set, and each pair of fragments is compared once (per
// mutual-exclusivity), which keeps large documents with many spreads from
// exploding. Arguments are compared by their printed, field-sorted values.
final class OverlappingFieldsCanBeMergedRule: ValidationRule {
    private let finder: OverlappingFieldsFinder
    private let context: ValidationContext
    init(context: ValidationContext) {
        self.context = context
        self.finder = OverlappingFieldsFinder(context: context)
    }

    func enter(_ selectionSet: SelectionSet) {
        let parentType = context.typeInfo.parentType.map(NamedType.object)
        for conflict in finder.conflictsWithin(
            selectionSet, parentType: parentType, limit: context.remainingErrorBudget) {
            context.report(
                "Fields \"\(conflict.reason.responseName)\" conflict because \(conflict.reason.message.text). "
                    + "Use different aliases on the fields to fetch both if this was intentional.",
                at: conflict.fields1 + conflict.fields2)
        }
    }
}

/// Why two fields cannot merge; sub-selection conflicts nest.
struct ConflictReason {
    var responseName: String
    var message: ConflictMessage
}

indirect enum ConflictMessage {
    case text(String)
    case subfields([ConflictReason])

    var text: String {
        switch self {
        case .text(let text): text
        case .subfields(let reasons):
            reasons.map { "subfields \"\($0.responseName)\" conflict because \($0.message.text)" }
                .joined(separator: " and ")
        }
    }
}

struct FieldConflict {
    var reason: ConflictReason
    var fields1: [SourceLocation]
    var fields2: [SourceLocation]
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

/// Response name -> fields, in first-seen order.
struct CollectedFields {
    /// The selection set these came from: its location identifies it in the caches.
    var key: SourceLocation
    var responseNames: [String] = []
    var fieldsByResponseName: [String: [CollectedField]] = [:]
    var fragmentNames: [String] = []
}

/// Two field signatures compared under one mutual-exclusivity assumption.
struct SignaturePair: Hashable {
    var first: Int
    var second: Int
    var mutuallyExclusive: Bool
}

/// Two selection sets (by location) compared under one exclusivity assumption.
struct SelectionSetPair: Hashable {
    var first: SourceLocation
    var second: SourceLocation
    var mutuallyExclusive: Bool
}

/// Pairs of fragment names already compared, remembering whether the
/// comparison assumed mutually exclusive parents (graphql-js `PairSet`).
struct FragmentPairSet {
    private var pairs: [String: [String: Bool]] = [:]

    func contains(_ a: String, _ b: String, mutuallyExclusive: Bool) -> Bool {
        let (first, second) = a < b ? (a, b) : (b, a)
        guard let result = pairs[first]?[second] else { return false }
        // A comparison made without exclusivity covers one made with it.
        return mutuallyExclusive ? true : result == mutuallyExclusive
    }

    mutating func insert(_ a: String, _ b: String, mutuallyExclusive: Bool) {
        let (first, second) = a < b ? (a, b) : (b, a)
        pairs[first, default: [:]][second] = mutuallyExclusive
    }
}
