/// Items of one kind in document order (the fields of one response name, the
/// fragments spread in a selection set), each with a signature: equal for
/// items that compare alike with anything. A pairwise search then checks an
/// item against the distinct signatures of the other side, and visits only
/// the items whose pair of signatures is not yet known clean; for `n`
/// identical items that is linear, where graphql-js's pair loop is quadratic.
struct SignatureGroup {
    /// Each item's signature as an index into `signatures`.
    private(set) var localSignatures: [Int] = []
    /// The distinct signatures, in first-seen order.
    private(set) var signatures: [Int] = []
    private var localIndex: [Int: Int] = [:]

    var count: Int { localSignatures.count }

    func signature(at index: Int) -> Int { signatures[localSignatures[index]] }

    mutating func append(_ signature: Int) {
        if let known = localIndex[signature] {
            localSignatures.append(known)
        } else {
            localIndex[signature] = signatures.count
            localSignatures.append(signatures.count)
            signatures.append(signature)
        }
    }

    /// Calls `body` with the index of every item from `start` on whose
    /// signature `isClean(signature)` does not clear, in order, while `body`
    /// returns true. Charges `spend` for the signatures checked and the items
    /// scanned, and returns false if `body` or `spend` asked to stop.
    func forEachItem(
        from start: Int, notCleanWith isClean: (Int) -> Bool, spend: (Int) -> Bool, _ body: (Int) -> Bool
    ) -> Bool {
        if start >= count { return true }
        guard spend(signatures.count) else { return false }
        // Nothing allocated in the common case: every signature already clean.
        guard let firstPending = signatures.firstIndex(where: { !isClean($0) }) else { return true }
        var pending = [Bool](repeating: false, count: signatures.count)
        pending[firstPending] = true
        for index in (firstPending + 1)..<signatures.count { pending[index] = !isClean(signatures[index]) }
        guard spend(count - start) else { return false }
        for index in start..<count where pending[localSignatures[index]] {
            if !body(index) { return false }
        }
        return true
    }
}
