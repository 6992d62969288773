/// The conflict search of OverlappingFieldsCanBeMergedRule, function for
/// function as in graphql-js (`findConflictsWithinSelectionSet` ...), with
/// its two caches, plus one of ours: pairs of field signatures found not to
/// conflict. Comparing two fields depends only on their signatures, the
/// fragments (fixed) and the compared fragment pairs, which only grow and
/// only prune; so once a pair of signatures compared clean, comparing it
/// again finds nothing and records nothing, and is skipped. This turns
/// graphql-js's quadratic cost for many identical fields (`{ a a a ... }`)
/// into a quadratic loop over integers.
final class OverlappingFieldsFinder {
    private let context: ValidationContext
    private var comparedFragmentPairs = FragmentPairSet()
    private var leafTypeNames: [String: Bool] = [:]
    private var cleanSignaturePairs: Set<SignaturePair> = []
    private var subSelectionPairsInProgress: Set<SelectionSetPair> = []
    /// Comparisons cut short by the guards above; a clean result reached
    /// after a cut is not remembered, as it may not hold elsewhere.
    private var cutComparisons = 0

    /// Nested sub-selection comparisons followed at most (fields inside fields,
    /// through fragments). The parser bounds a document's own nesting at 64;
    /// fragments can nest deeper, and each level costs stack.
    static let maxSubSelectionDepth = 128

    /// Distinct field signatures per response name up to which clean pairs are
    /// kept in a matrix (at most 1 MB of Bools).
    static let maxSignatureMatrixWidth = 1_024

    private let collector: OverlapFieldCollector

    init(context: ValidationContext) {
        self.context = context
        self.collector = OverlapFieldCollector(context: context)
    }

    /// The conflicts graphql-js finds in this selection set, in its order; the
    /// search stops once `limit` conflicts are found (only at this level, so
    /// every conflict returned is whole), as the rest could not be reported.
    func conflictsWithin(_ selectionSet: SelectionSet, parentType: NamedType?, limit: Int) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let fields = collector.collectedFields(selectionSet, parentType: parentType)
        // (A) Conflicts between the fields of this set.
        for name in fields.responseNames {
            guard let group = fields.fieldsByResponseName[name], group.count > 1 else { continue }
            // Signatures renumbered within the group, so that the clean pairs
            // seen here are a flat matrix lookup in the quadratic loop.
            var localIndex: [Int: Int] = [:]
            let local = group.map { field in
                if let index = localIndex[field.signature] { return index }
                localIndex[field.signature] = localIndex.count
                return localIndex.count - 1
            }
            // Without many repeats the matrix would not pay for its memory.
            let width = localIndex.count <= Self.maxSignatureMatrixWidth ? localIndex.count : 0
            var clean = [Bool](repeating: false, count: width * width)
            for i in 0..<group.count {
                for j in (i + 1)..<group.count {
                    if width > 0 && clean[local[i] * width + local[j]] { continue }
                    let cutsBefore = cutComparisons
                    if let conflict = findConflict(false, name, group[i], group[j]) {
                        conflicts.append(conflict)
                        if conflicts.count >= limit { return conflicts }
                    } else if width > 0 && cutComparisons == cutsBefore {
                        clean[local[i] * width + local[j]] = true
                    }
                }
            }
        }
        // (B) Between the fields and each spread fragment, (C) between the spread fragments.
        let names = fields.fragmentNames
        for i in names.indices {
            collectConflictsBetweenFieldsAndFragment(&conflicts, false, fields, names[i])
            if conflicts.count >= limit { return conflicts }
            for j in (i + 1)..<names.count {
                collectConflictsBetweenFragments(&conflicts, false, names[i], names[j])
                if conflicts.count >= limit { return conflicts }
            }
        }
        return conflicts
    }

    /// (D, E) The fields against a fragment and, depth first, the fragments it
    /// spreads. graphql-js recurses; an explicit stack visits in the same
    /// order and keeps long fragment chains off the call stack.
    private func collectConflictsBetweenFieldsAndFragment(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields: CollectedFields,
        _ fragmentName: String
    ) {
        var stack: [(name: String, referenced: [String], next: Int)] = []
        func visit(_ name: String) {
            guard let fragment = context.fragment(named: name) else { return }
            let fragmentFields = collector.referencedFields(fragment)
            // Don't compare a fragment's fields with themselves.
            if fields.key == fragmentFields.key { return }
            collectConflictsBetween(&conflicts, mutuallyExclusive, fields, fragmentFields)
            stack.append((name, fragmentFields.fragmentNames, 0))
        }
        visit(fragmentName)
        while let top = stack.last {
            if top.next >= top.referenced.count {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let referenced = top.referenced[top.next]
            if comparedFragmentPairs.contains(referenced, top.name, mutuallyExclusive: mutuallyExclusive) { continue }
            comparedFragmentPairs.insert(referenced, top.name, mutuallyExclusive: mutuallyExclusive)
            visit(referenced)
        }
    }

    /// (F) Two fragments and, depth first, the fragments each spreads, in
    /// graphql-js's recursion order, on an explicit stack.
    private func collectConflictsBetweenFragments(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ name1: String, _ name2: String
    ) {
        var stack: [(pairs: [(String, String)], next: Int)] = []
        func visit(_ name1: String, _ name2: String) {
            if name1 == name2 { return }
            if comparedFragmentPairs.contains(name1, name2, mutuallyExclusive: mutuallyExclusive) { return }
            comparedFragmentPairs.insert(name1, name2, mutuallyExclusive: mutuallyExclusive)
            guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2)
            else { return }
            let fields1 = collector.referencedFields(fragment1)
            let fields2 = collector.referencedFields(fragment2)
            collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
            let next = fields2.fragmentNames.map { (name1, $0) } + fields1.fragmentNames.map { ($0, name2) }
            stack.append((next, 0))
        }
        visit(name1, name2)
        while let top = stack.last {
            if top.next >= top.pairs.count {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let (next1, next2) = top.pairs[top.next]
            visit(next1, next2)
        }
    }

    /// The sub-selections of two overlapping fields. Not in graphql-js: a pair
    /// of selection sets already being compared further up is not compared
    /// again (only fragment cycles through fields, which NoFragmentCyclesRule
    /// reports, lead back to one; graphql-js overflows its stack on some), and
    /// nothing deeper than `maxSubSelectionDepth` is compared.
    private func conflictsBetweenSubSelectionSets(
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
        var conflicts: [FieldConflict] = []
        let fields1 = collector.collectedFields(set1, parentType: parentType1)
        let fields2 = collector.collectedFields(set2, parentType: parentType2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for name in fields2.fragmentNames {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields1, name)
        }
        for name in fields1.fragmentNames {
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields2, name)
        }
        for name1 in fields1.fragmentNames {
            for name2 in fields2.fragmentNames {
                collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, name1, name2)
            }
        }
        return conflicts
    }

    private func collectConflictsBetween(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields1: CollectedFields,
        _ fields2: CollectedFields
    ) {
        for name in fields1.responseNames {
            guard let group1 = fields1.fieldsByResponseName[name], let group2 = fields2.fieldsByResponseName[name]
            else { continue }
            for field1 in group1 {
                for field2 in group2 {
                    if let conflict = findConflict(mutuallyExclusive, name, field1, field2) {
                        conflicts.append(conflict)
                    }
                }
            }
        }
    }

    private func findConflict(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: CollectedField, _ field2: CollectedField
    ) -> FieldConflict? {
        let key = SignaturePair(
            first: field1.signature, second: field2.signature, mutuallyExclusive: parentsMutuallyExclusive)
        if cleanSignaturePairs.contains(key) { return nil }
        let cutsBefore = cutComparisons
        let conflict = compare(parentsMutuallyExclusive, responseName, field1, field2)
        if conflict == nil && cutComparisons == cutsBefore { cleanSignaturePairs.insert(key) }
        return conflict
    }

    /// Two fields with one response name: same field and arguments unless the
    /// parents are exclusive, compatible types, and recursively their sub-selections.
    private func compare(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: CollectedField, _ field2: CollectedField
    ) -> FieldConflict? {
        let mutuallyExclusive =
            parentsMutuallyExclusive
            || (field1.parentIsObject && field2.parentIsObject && field1.parentTypeName != field2.parentTypeName)
        let node1 = field1.field, node2 = field2.field
        if !mutuallyExclusive {
            if node1.name.value != node2.name.value {
                return conflict(
                    responseName, "\"\(node1.name.value)\" and \"\(node2.name.value)\" are different fields", node1, node2)
            }
            if !sameArguments(field1, field2) {
                return conflict(responseName, "they have differing arguments", node1, node2)
            }
        }
        let type1 = field1.type, type2 = field2.type
        if let type1, let type2, typesConflict(type1, type2) {
            return conflict(responseName, "they return conflicting types \"\(type1)\" and \"\(type2)\"", node1, node2)
        }
        guard let set1 = node1.selectionSet, let set2 = node2.selectionSet else { return nil }
        let subConflicts = conflictsBetweenSubSelectionSets(
            mutuallyExclusive, type1.flatMap(context.types.namedType(of:)), set1,
            type2.flatMap(context.types.namedType(of:)), set2)
        if subConflicts.isEmpty { return nil }
        return FieldConflict(
            reason: ConflictReason(responseName: responseName, message: .subfields(subConflicts.map(\.reason))),
            fields1: [node1.loc] + subConflicts.flatMap(\.fields1),
            fields2: [node2.loc] + subConflicts.flatMap(\.fields2))
    }

    private func conflict(_ responseName: String, _ message: String, _ node1: Field, _ node2: Field) -> FieldConflict {
        FieldConflict(
            reason: ConflictReason(responseName: responseName, message: .text(message)),
            fields1: [node1.loc], fields2: [node2.loc])
    }

    private func sameArguments(_ field1: CollectedField, _ field2: CollectedField) -> Bool {
        if field1.printedArguments.count != field2.printedArguments.count { return false }
        return field1.printedArguments.allSatisfy { field2.argumentValues[$0.name] == $0.value }
    }

    /// Lists and non-null must match exactly; leaves must be the same type;
    /// composite types are compared through their sub-selections instead.
    private func typesConflict(_ type1: TypeReference, _ type2: TypeReference) -> Bool {
        switch (type1, type2) {
        case (.list(let inner1), .list(let inner2)): return typesConflict(inner1, inner2)
        case (.list, _), (_, .list): return true
        case (.nonNull(let inner1), .nonNull(let inner2)): return typesConflict(inner1, inner2)
        case (.nonNull, _), (_, .nonNull): return true
        case (.named(let name1), .named(let name2)):
            if name1 == name2 { return false }
            return isLeaf(name1) || isLeaf(name2)
        }
    }

    private func isLeaf(_ name: String) -> Bool {
        if let known = leafTypeNames[name] { return known }
        let leaf = context.types.named(name)?.isLeaf ?? false
        leafTypeNames[name] = leaf
        return leaf
    }
}
