/// The conflict search of OverlappingFieldsCanBeMergedRule, function for
/// function as in graphql-js (`findConflictsWithinSelectionSet` ...), with
/// its two caches.
final class OverlappingFieldsFinder {
    private let context: ValidationContext
    private var cachedFields: [SourceLocation: CollectedFields] = [:]
    private var comparedFragmentPairs = FragmentPairSet()

    init(context: ValidationContext) { self.context = context }

    func conflictsWithin(_ selectionSet: SelectionSet, parentType: NamedType?) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let fields = collectedFields(selectionSet, parentType: parentType)
        // (A) Conflicts between the fields of this set.
        for name in fields.responseNames {
            guard let group = fields.fieldsByResponseName[name], group.count > 1 else { continue }
            for i in 0..<group.count {
                for j in (i + 1)..<group.count {
                    if let conflict = findConflict(false, name, group[i], group[j]) { conflicts.append(conflict) }
                }
            }
        }
        // (B) Between the fields and each spread fragment, (C) between the spread fragments.
        let names = fields.fragmentNames
        for i in names.indices {
            collectConflictsBetweenFieldsAndFragment(&conflicts, false, fields, names[i])
            for j in (i + 1)..<names.count {
                collectConflictsBetweenFragments(&conflicts, false, names[i], names[j])
            }
        }
        return conflicts
    }

    private func collectConflictsBetweenFieldsAndFragment(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields: CollectedFields,
        _ fragmentName: String
    ) {
        guard let fragment = context.fragment(named: fragmentName) else { return }
        let fragmentFields = referencedFields(fragment)
        // Don't compare a fragment's fields with themselves.
        if fields.key == fragmentFields.key { return }
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields, fragmentFields)
        for referenced in fragmentFields.fragmentNames {
            if comparedFragmentPairs.contains(referenced, fragmentName, mutuallyExclusive: mutuallyExclusive) {
                continue
            }
            comparedFragmentPairs.insert(referenced, fragmentName, mutuallyExclusive: mutuallyExclusive)
            collectConflictsBetweenFieldsAndFragment(&conflicts, mutuallyExclusive, fields, referenced)
        }
    }

    private func collectConflictsBetweenFragments(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ name1: String, _ name2: String
    ) {
        if name1 == name2 { return }
        if comparedFragmentPairs.contains(name1, name2, mutuallyExclusive: mutuallyExclusive) { return }
        comparedFragmentPairs.insert(name1, name2, mutuallyExclusive: mutuallyExclusive)
        guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2) else {
            return
        }
        let fields1 = referencedFields(fragment1)
        let fields2 = referencedFields(fragment2)
        collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
        for referenced in fields2.fragmentNames {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, name1, referenced)
        }
        for referenced in fields1.fragmentNames {
            collectConflictsBetweenFragments(&conflicts, mutuallyExclusive, referenced, name2)
        }
    }

    private func conflictsBetweenSubSelectionSets(
        _ mutuallyExclusive: Bool, _ parentType1: NamedType?, _ set1: SelectionSet, _ parentType2: NamedType?,
        _ set2: SelectionSet
    ) -> [FieldConflict] {
        var conflicts: [FieldConflict] = []
        let fields1 = collectedFields(set1, parentType: parentType1)
        let fields2 = collectedFields(set2, parentType: parentType2)
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

    /// Two fields with one response name: same field and arguments unless the
    /// parents are exclusive, compatible types, and recursively their sub-selections.
    private func findConflict(
        _ parentsMutuallyExclusive: Bool, _ responseName: String, _ field1: CollectedField, _ field2: CollectedField
    ) -> FieldConflict? {
        let mutuallyExclusive =
            parentsMutuallyExclusive
            || (field1.parentType?.name != field2.parentType?.name && isObject(field1.parentType)
                && isObject(field2.parentType))
        let node1 = field1.field, node2 = field2.field
        func conflict(_ message: String) -> FieldConflict {
            FieldConflict(
                reason: ConflictReason(responseName: responseName, message: .text(message)),
                fields1: [node1.loc], fields2: [node2.loc])
        }
        if !mutuallyExclusive {
            if node1.name.value != node2.name.value {
                return conflict("\"\(node1.name.value)\" and \"\(node2.name.value)\" are different fields")
            }
            if !sameArguments(node1.arguments, node2.arguments) { return conflict("they have differing arguments") }
        }
        let type1 = field1.definition?.type, type2 = field2.definition?.type
        if let type1, let type2, typesConflict(type1, type2) {
            return conflict("they return conflicting types \"\(type1)\" and \"\(type2)\"")
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

    private func isObject(_ type: NamedType?) -> Bool { if case .object = type { true } else { false } }

    private func sameArguments(_ arguments1: [Argument], _ arguments2: [Argument]) -> Bool {
        if arguments1.count != arguments2.count { return false }
        var values2: [String: Value] = [:]
        for argument in arguments2 { values2[argument.name.value] = argument.value }
        return arguments1.allSatisfy { argument in
            guard let value2 = values2[argument.name.value] else { return false }
            return argument.value.sortingObjectFields.printed == value2.sortingObjectFields.printed
        }
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
            if context.types.isLeafType(type1) || context.types.isLeafType(type2) { return name1 != name2 }
            return false
        }
    }

    private func referencedFields(_ fragment: FragmentDefinition) -> CollectedFields {
        if let cached = cachedFields[fragment.selectionSet.loc] { return cached }
        return collectedFields(fragment.selectionSet, parentType: context.types.named(fragment.typeCondition.value))
    }

    private func collectedFields(_ selectionSet: SelectionSet, parentType: NamedType?) -> CollectedFields {
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
                    CollectedField(parentType: parentType, field: field, definition: definition))
            case .fragmentSpread(let spread):
                if fragmentNames.insert(spread.name.value).inserted { fields.fragmentNames.append(spread.name.value) }
            case .inlineFragment(let fragment):
                let type = fragment.typeCondition.map { context.types.named($0.value) } ?? parentType
                collect(fragment.selectionSet, type, &fields, &fragmentNames)
            }
        }
    }
}
