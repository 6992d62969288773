// Keyed objects (`ObjectType.fragmentKey`): completed once, then copied as
// bytes from `FragmentCache` for every object with an equal key under an
// equal selection (the same description, `fragmentSelectionID`, or else the
// same field plan). The copy must be what executing would have written, and
// leave the execution in the same state: no field errors (objects that
// recorded one are never kept), no variable-dependent arguments (the
// selection does not name their values), and the same count against
// `maxExecutedFields` (a copy that would cross it is executed instead, so
// the limit stops the request at the same field either way).
extension Executor {
    mutating func completeKeyedObject(
        _ plan: FieldPlan, _ node: AnyObject, _ subplans: SubfieldPlans, _ selection: FragmentSelection,
        _ keyFunction: FragmentKeyFunction, _ fragments: FragmentCache
    ) throws(GraphQLError) {
        guard let fragmentKey = try? keyFunction(node, selection) else {
            return try executeFields(.node(node), subplans.plans)
        }
        let key = FragmentCache.Key(selection: fragmentSelectionID(subplans, fragments) ?? plan.serial, fragment: fragmentKey)
        let limit = bounds.maxExecutedFields
        let copied = fragments.withFragment(for: key) { fragment in
            guard executedFields + fragment.fieldCount <= limit else { return false }
            executedFields += fragment.fieldCount
            out.append(contentsOf: fragment.bytes)
            return true
        }
        if copied == true { return }
        let start = out.count
        let errorCount = errors.count
        let fieldCount = executedFields
        let variableArguments = variableArgumentFields
        try executeFields(.node(node), subplans.plans)
        guard errors.count == errorCount, variableArgumentFields == variableArguments, !limitExceeded else { return }
        fragments.store(
            FragmentCache.Fragment(bytes: out.bytes(from: start), fieldCount: executedFields - fieldCount), for: key)
    }
}

extension Executor {
    /// An id for what `subplans` write, equal for equal selections in any
    /// document, memoized on `subplans`; nil (key by the plan instead) when
    /// the selection has arguments, nests past the depth bound, takes more
    /// than `FragmentCache.maxDescriptionBytes` to describe, or the cache's
    /// table of selections is full.
    func fragmentSelectionID(_ subplans: SubfieldPlans, _ fragments: FragmentCache) -> UInt64? {
        let known = subplans.fragmentSelectionID.load(ordering: .relaxed)
        if known != 0 { return known == Self.noSelectionID ? nil : known }
        var description = ""
        let id = describeSelection(subplans.plans, into: &description) ? fragments.selectionID(description) : nil
        subplans.fragmentSelectionID.store(id ?? Self.noSelectionID, ordering: .relaxed)
        return id
    }

    /// Memoized "no id": never a selection id (those have the top bit set and count from 1).
    private static var noSelectionID: UInt64 { 1 }

    /// Appends what decides the bytes `plans` write for a given object: each
    /// response key, the field it resolves (type and name), and the same for
    /// its sub-selection. False, with no side effect on the execution, where
    /// that is not all: a field with arguments (their values would have to be
    /// described too), or a sub-selection past the depth bound or in error;
    /// or where the description grows past `FragmentCache.maxDescriptionBytes`.
    private func describeSelection(_ plans: [FieldPlan], into description: inout String) -> Bool {
        description.append("{")
        for plan in plans {
            guard description.utf8.count <= FragmentCache.maxDescriptionBytes else { return false }
            guard plan.definition.arguments.isEmpty || plan.nodes.allSatisfy({ $0.arguments.isEmpty }) else { return false }
            description.append(String(decoding: plan.separatedKey, as: UTF8.self))
            description.append(plan.parentType.name)
            description.append(".")
            description.append(plan.definition.name)
            if let objectType = plan.objectType {
                guard plan.depth < bounds.maxDepth else { return false }
                let collector = self.collector
                guard let subplans = try? plan.subfields(budget: self.plans, { () throws(GraphQLError) in
                    try collector.collectSubfields(objectType, plan)
                }) else { return false }
                guard describeSelection(subplans.plans, into: &description) else { return false }
            }
        }
        description.append("}")
        return description.utf8.count <= FragmentCache.maxDescriptionBytes
    }
}
