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
// Not in graphql-js: identical fields are compared once, and an error lists
// a bounded number of sub-conflicts (see `OverlappingFieldsFinder`).
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
            let omitted =
                conflict.listingStopped
                ? " (and more; the listing stops after \(OverlappingFieldsFinder.maxSubConflictsPerError) sub-conflicts)" : ""
            context.report(
                "Fields \"\(conflict.reason.responseName)\" conflict because \(conflict.reason.message.text)\(omitted). "
                    + "Use different aliases on the fields to fetch both if this was intentional.",
                at: conflict.locations)
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
    /// Sub-conflicts were found past `maxSubConflictsPerError` and left out.
    var listingStopped = false

    /// graphql-js's `[...fields1, ...fields2]`, at most
    /// `maxLocationsPerError`: the first of each side.
    var locations: [SourceLocation] {
        let half = OverlappingFieldsFinder.maxLocationsPerError / 2
        return Array(fields1.prefix(half)) + Array(fields2.prefix(half))
    }
}
