/// The fragment side of the conflict search: fields against a fragment, and
/// two fragments, each followed depth first through the fragments they
/// spread, in graphql-js's order. graphql-js recurses; explicit stacks keep
/// long fragment chains off the call stack.
extension OverlappingFieldsFinder {
    /// Calls `body` with the index of each fragment spread in `fields` (after
    /// `after`) whose pair with a fragment of `signature` is not known clean.
    func forEachFragment(
        of fields: CollectedFields, after: Int, pairedWith signature: Int, _ mutuallyExclusive: Bool,
        _ body: (Int) -> Bool
    ) {
        _ = fields.fragmentSignatures.forEachItem(
            from: after + 1,
            notCleanWith: {
                cleanFragmentPairs.contains(
                    SignaturePair(first: signature, second: $0, mutuallyExclusive: mutuallyExclusive))
            },
            spend: { context.spend(ValidationCost.Weight.lookup * $0) }, body)
    }

    /// (D, E) The fields against a fragment and, depth first, the fragments it spreads.
    func collectConflictsBetweenFieldsAndFragment(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ fields: CollectedFields,
        _ fragmentName: String
    ) {
        var stack: [(name: String, referenced: [String], next: Int)] = []
        func visit(_ name: String) {
            guard context.spend(ValidationCost.Weight.fragment), let fragment = context.fragment(named: name)
            else { return }
            let fragmentFields = collector.referencedFields(fragment)
            // Don't compare a fragment's fields with themselves.
            if fields.key == fragmentFields.key {
                prunedComparisons += 1
                return
            }
            collectConflictsBetween(&conflicts, mutuallyExclusive, fields, fragmentFields)
            stack.append((name, fragmentFields.fragmentNames, 0))
        }
        visit(fragmentName)
        while let top = stack.last, !mustStop(conflicts) {
            if top.next >= top.referenced.count {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].next += 1
            let referenced = top.referenced[top.next]
            guard context.spend(ValidationCost.Weight.fragmentPairCheck) else { return }
            if comparedFragmentPairs.contains(referenced, top.name, mutuallyExclusive: mutuallyExclusive) {
                prunedComparisons += 1
                continue
            }
            comparedFragmentPairs.insert(referenced, top.name, mutuallyExclusive: mutuallyExclusive)
            visit(referenced)
        }
    }

    /// (F) Two fragments and, depth first, the pairs of one with the
    /// fragments the other spreads. Not in graphql-js: two fragments that
    /// spread no fragments and compared clean, with nothing cut or pruned,
    /// have their pair of signatures remembered, and a later pair of
    /// fragments with the same contents is not compared (graphql-js
    /// remembers names only, so 700 identical fragments side by side cost it
    /// 244,650 comparisons). Only such fragments: graphql-js's pair set also
    /// decides (E) above for a fragment and one it spreads, so skipping the
    /// pairs a comparison would have added could change what (E) reports.
    func collectConflictsBetweenFragments(
        _ conflicts: inout [FieldConflict], _ mutuallyExclusive: Bool, _ name1: String, _ name2: String
    ) {
        struct Frame {
            var pairs: [(String, String)]
            var next = 0
            /// Set when neither fragment spreads fragments.
            var key: SignaturePair?
            var cutsBefore: Int
            var prunesBefore: Int
            var conflictsBefore: Int
        }
        var stack: [Frame] = []
        func visit(_ name1: String, _ name2: String) {
            if name1 == name2 {
                prunedComparisons += 1
                return
            }
            guard context.spend(ValidationCost.Weight.fragmentPairCheck) else { return }
            let key = SignaturePair(
                first: collector.fragmentSignature(name1), second: collector.fragmentSignature(name2),
                mutuallyExclusive: mutuallyExclusive)
            if cleanFragmentPairs.contains(key) { return }
            if comparedFragmentPairs.contains(name1, name2, mutuallyExclusive: mutuallyExclusive) {
                prunedComparisons += 1
                return
            }
            comparedFragmentPairs.insert(name1, name2, mutuallyExclusive: mutuallyExclusive)
            guard context.spend(ValidationCost.Weight.fragment) else { return }
            guard let fragment1 = context.fragment(named: name1), let fragment2 = context.fragment(named: name2) else {
                // Nothing to compare with an unknown fragment (KnownFragmentNamesRule reports
                // it), and (E) never compares one either, whatever the pair set holds.
                cleanFragmentPairs.insert(key)
                return
            }
            let fields1 = collector.referencedFields(fragment1)
            let fields2 = collector.referencedFields(fragment2)
            let spreadsNone = fields1.fragmentNames.isEmpty && fields2.fragmentNames.isEmpty
            let frame = Frame(
                pairs: fields2.fragmentNames.map { (name1, $0) } + fields1.fragmentNames.map { ($0, name2) },
                key: spreadsNone ? key : nil, cutsBefore: cutComparisons, prunesBefore: prunedComparisons,
                conflictsBefore: conflicts.count)
            collectConflictsBetween(&conflicts, mutuallyExclusive, fields1, fields2)
            stack.append(frame)
        }
        visit(name1, name2)
        while let top = stack.last, !mustStop(conflicts) {
            if top.next >= top.pairs.count {
                stack.removeLast()
                if let key = top.key, cutComparisons == top.cutsBefore, prunedComparisons == top.prunesBefore,
                    conflicts.count == top.conflictsBefore, !context.isAborted
                {
                    cleanFragmentPairs.insert(key)
                }
                continue
            }
            stack[stack.count - 1].next += 1
            let (next1, next2) = top.pairs[top.next]
            visit(next1, next2)
        }
    }
}
