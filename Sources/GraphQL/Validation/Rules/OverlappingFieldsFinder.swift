/// The conflict search of OverlappingFieldsCanBeMergedRule, function for
/// function as in graphql-js (`findConflictsWithinSelectionSet` ...), with
/// its two caches, plus three bounds of ours:
///
/// - Pairs of field signatures, and of fragment signatures, found not to
///   conflict are remembered, and fields (fragments) are compared per pair
///   of distinct signatures (`SignatureGroup`), so `{ a a a ... }` and 700
///   identical fragments spread side by side cost linear, not quadratic,
///   work (see `findCachedConflict`, `collectConflictsBetweenFragments`).
/// - One error lists at most `maxSubConflictsPerError` sub-conflicts: two
///   sibling fields selecting 1,600 conflicting fields each make graphql-js
///   build one error with 2,560,000 of them (a 329 MB message). Below that
///   count, errors are graphql-js's.
/// - Every step is charged to the validation cost, and the search stops when
///   validation is aborted.
final class OverlappingFieldsFinder {
    /// Sub-conflicts one error lists at most (at all levels of nesting; an
    /// enclosing field whose sub-conflicts are listed is listed too, so a
    /// chain of nested fields is never cut). Past it, the message says
    /// that the listing stopped.
    static let maxSubConflictsPerError = 20
    /// Locations one error carries at most: its two fields and two per
    /// listed sub-conflict, unless sub-conflicts nest deeper than they are
    /// wide; then the first of each side.
    static let maxLocationsPerError = 2 * (maxSubConflictsPerError + 1)

    /// Nested sub-selection comparisons followed at most (fields inside fields,
    /// through fragments). The parser bounds a document's own nesting at 64;
    /// fragments can nest deeper, and each level costs stack.
    static let maxSubSelectionDepth = 128

    let context: ValidationContext
    let collector: OverlapFieldCollector
    var comparedFragmentPairs = FragmentPairSet()
    var leafTypeNames: [String: Bool] = [:]
    var cleanSignaturePairs: Set<SignaturePair> = []
    var cleanFragmentPairs: Set<SignaturePair> = []
    private var subSelectionPairsInProgress: Set<SelectionSetPair> = []
    /// Comparisons cut short by the guards (depth, cycles, listing stopped);
    /// a clean result reached after a cut is not remembered, as it may not
    /// hold elsewhere.
    var cutComparisons = 0
    /// Comparisons skipped for a reason tied to names or places rather than
    /// content: a fragment pair already compared (whose conflicts, if any,
    /// were reported then), a fragment with itself. Field signatures name the
    /// fragments they spread, so these hold for any field pair alike; but a
    /// fragment signature stands for any fragment of that content, and a
    /// fragment pair compared clean after such a skip is not remembered.
    var prunedComparisons = 0
    /// Conflicts the selection set being searched may still report.
    private var topLevelLimit = 0
    /// Sub-conflicts the error being built may still list.
    private var subConflictsLeft = 0
    /// The error being built found a sub-conflict it may not list.
    private var listingStopped = false

    init(context: ValidationContext) {
        self.context = context
        self.collector = OverlapFieldCollector(context: context)
    }

    /// Comparing the fields of a selection set (and its spreads) with each
    /// other, not yet inside any pair of fields' sub-selections.
    private var atTopLevel: Bool { subSelectionPairsInProgress.isEmpty }

    /// Whether the search in progress must end: validation is aborted, the
    /// selection set has all the conflicts it can report, or the error being
    /// built lists all it may.
    func mustStop(_ conflicts: [FieldConflict]) -> Bool {
        if context.isAborted { return true }
        return atTopLevel ? conflicts.count >= topLevelLimit : listingStopped
    }

    /// Keeps a conflict found by the search: each one is an error at the top
    /// level, a sub-conflict of the error being built below it.
    func record(_ conflict: FieldConflict, in conflicts: inout [FieldConflict]) {
        if atTopLevel {
            conflicts.append(conflict)
            return
        }
        if subConflictsLeft > 0 {
            subConflictsLeft -= 1
        } else if case .text = conflict.reason.message {
            listingStopped = true
            cutComparisons += 1
            return
        }
        conflicts.append(conflict)
    }

    /// `findConflictBetweenFields`; at the top level it starts a new error,
    /// with the whole listing allowance.
    func findConflict(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: CollectedField, _ field2: CollectedField
    ) -> FieldConflict? {
        guard atTopLevel else { return findCachedConflict(parentsMutuallyExclusive, responseName, field1, field2) }
        subConflictsLeft = Self.maxSubConflictsPerError
        listingStopped = false
        var conflict = findCachedConflict(parentsMutuallyExclusive, responseName, field1, field2)
        conflict?.listingStopped = listingStopped
        listingStopped = false
        return conflict
    }

    /// The conflicts graphql-js finds in this selection set, in its order; the
    /// search stops once `limit` conflicts are found, as the rest could not
    /// be reported.
    func conflictsWithin(_ selectionSet: SelectionSet, parentType: NamedType?, limit: Int) -> [FieldConflict] {
        topLevelLimit = limit
        var conflicts: [FieldConflict] = []
        let fields = collector.collectedFields(selectionSet, parentType: parentType)
        // (A) Conflicts between the fields of this set.
        for name in fields.responseNames {
            guard let group = fields.groups[name], group.fields.count > 1 else { continue }
            forEachPairToCompare(group, group, within: true, mutuallyExclusive: false) { field1, field2 in
                if let conflict = findConflict(false, name, field1, field2) { record(conflict, in: &conflicts) }
                return !mustStop(conflicts)
            }
            if mustStop(conflicts) { return conflicts }
        }
        // (B) Between the fields and each spread fragment, (C) between the spread fragments.
        let names = fields.fragmentNames
        for i in names.indices {
            collectConflictsBetweenFieldsAndFragment(&conflicts, false, fields, names[i])
            if mustStop(conflicts) { return conflicts }
            forEachFragment(of: fields, after: i, pairedWith: fields.fragmentSignatures.signature(at: i), false) { j in
                collectConflictsBetweenFragments(&conflicts, false, names[i], names[j])
                return !mustStop(conflicts)
            }
            if mustStop(conflicts) { return conflicts }
        }
        return conflicts
    }

    /// The sub-selections of two overlapping fields. Not in graphql-js: a pair
    /// of selection sets already being compared further up is not compared
    /// again (only fragment cycles through fields, which NoFragmentCyclesRule
    /// reports, lead back to one; graphql-js overflows its stack on some), and
    /// nothing deeper than `maxSubSelectionDepth` is compared.
    func conflictsBetweenSubSelectionSets(
        _ mutuallyExclusive: Bool, _ parentType1: NamedType?, _ set1: SelectionSet, _ parentType2: NamedType?,
        _ set2: SelectionSet
    ) -> [FieldConflict] {
        let key = SelectionSetPair(first: set1.loc, second: set2.loc, mutuallyExclusive: mutuallyExclusive)
        if subSelectionPairsInProgress.count >= Self.maxSubSelectionDepth
            || !subSelectionPairsInProgress.insert(key).inserted
        {
            cutComparisons += 1
            return []
        }
        defer { subSelectionPairsInProgress.remove(key) }
        guard context.spend(ValidationCost.Weight.subSelections) else { return [] }
        var conflicts: [FieldConflict] = []
        let fields1 = collector.collectedFields(set1, parentType: parentType1)
        let fields2 = collector.collectedFields(set2, parentType: parentType2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for name in fields2.fragmentNames where !mustStop(conflicts) {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields1, name)
        }
        for name in fields1.fragmentNames where !mustStop(conflicts) {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields2, name)
        }
        for (i, name1) in fields1.fragmentNames.enumerated() {
            let signature1 = fields1.fragmentSignatures.signature(at: i)
            forEachFragment(of: fields2, after: -1, pairedWith: signature1, mutuallyExclusive) { j in
                collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, name1, fields2.fragmentNames[j])
                return !mustStop(conflicts)
            }
            if mustStop(conflicts) { return conflicts }
        }
        return conflicts
    }

    func collectConflictsBetween(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields1: CollectedFields,
        _ fields2: CollectedFields
    ) {
        // Each call looks up every response name of the first set.
        guard context.spend(ValidationCost.Weight.lookup * fields1.responseNames.count) else { return }
        for name in fields1.responseNames {
            guard let group1 = fields1.groups[name], let group2 = fields2.groups[name] else { continue }
            forEachPairToCompare(group1, group2, within: false, mutuallyExclusive: mutuallyExclusive) {
                field1, field2 in
                if let conflict = findConflict(mutuallyExclusive, name, field1, field2) {
                    record(conflict, in: &conflicts)
                }
                return !mustStop(conflicts)
            }
            if mustStop(conflicts) { return }
        }
    }
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
