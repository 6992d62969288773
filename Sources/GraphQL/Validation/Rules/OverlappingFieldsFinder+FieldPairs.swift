import Locking

/// Comparing two fields with one response name (graphql-js
/// `findConflict`), and choosing which pairs to compare.
///
/// Comparing two fields depends only on their signatures, the fragments
/// (fixed) and the compared fragment pairs, which only grow and only prune;
/// so once a pair of signatures compared clean, comparing it again finds
/// nothing and records nothing, and is skipped. graphql-js compares every
/// pair of fields, quadratic for `{ a a a ... }`; here a field is checked
/// against the distinct signatures of the other side, and only the fields
/// whose signature is not known clean are visited.
extension OverlappingFieldsFinder {
    /// Calls `body` with the pairs graphql-js compares, in its order (every
    /// field of `group1` with every field of `group2`, or with every later
    /// field when `within` one group), leaving out pairs whose signatures
    /// compared clean; stops when `body` returns false.
    func forEachPairToCompare(
        _ group1: FieldGroup, _ group2: FieldGroup, within: Bool, mutuallyExclusive: Bool,
        _ body: (CollectedField, CollectedField) -> Bool
    ) {
        for (i, field1) in group1.fields.enumerated() {
            let goOn = group2.signatures.forEachItem(
                from: within ? i + 1 : 0,
                notCleanWith: {
                    cleanSignaturePairs.contains(
                        SignaturePair(first: field1.signature, second: $0, mutuallyExclusive: mutuallyExclusive))
                },
                spend: { context.spend(ValidationCost.Weight.lookup * $0) }, { j in body(field1, group2.fields[j]) })
            if !goOn { return }
        }
    }

    func findCachedConflict(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: CollectedField, _ field2: CollectedField
    ) -> FieldConflict? {
        let key = SignaturePair(
            first: field1.signature, second: field2.signature, mutuallyExclusive: parentsMutuallyExclusive)
        if cleanSignaturePairs.contains(key) { return nil }
        guard context.spend(ValidationCost.Weight.fieldPair) else { return nil }
        let cutsBefore = cutComparisons
        let conflict = compare(parentsMutuallyExclusive, responseName, field1, field2)
        if conflict == nil && cutComparisons == cutsBefore && !context.isAborted { cleanSignaturePairs.insert(key) }
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
        // Values byte for byte, as graphql-js compares printed values by code unit.
        return field1.printedArguments.allSatisfy { UTF8Key.same(field2.argumentValues[$0.name], $0.value) }
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
