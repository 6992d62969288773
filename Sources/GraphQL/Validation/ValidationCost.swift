/// The work one validation may do, in units, counting the steps that can
/// repeat for one part of a document: field and signature pairs compared by
/// OverlappingFieldsCanBeMergedRule, fragments followed by the rules that
/// expand spreads, variable usages gathered per operation, nodes visited by
/// MaxIntrospectionDepthRule, fragment cycles reported with their path. The
/// walk over the document itself is not counted: the parse limits bound it.
///
/// graphql-js has no such bound; it relies on `maxErrors` and on its caches.
/// Both leave quadratic (and, through fragments, worse) corners where a
/// 100 KB document keeps a core busy for seconds. Counting lets the validator
/// stop at a known cost instead of guessing from the document's shape.
struct ValidationCost {
    /// What one step of each kind adds, in proportion to its time, so that
    /// the limit bounds time whatever the document's shape: in a release
    /// build on the reference machine (2 cores), a unit took 0.15 to 0.3 µs
    /// for every shape of document that reaches the limit.
    enum Weight {
        /// Checking a pair of signatures, or passing over one item while
        /// looking for the pairs still to compare.
        static let lookup = 1
        /// Comparing two fields (names, arguments, types).
        static let fieldPair = 2
        /// Checking a pair of fragment names against the pairs already compared.
        static let fragmentPairCheck = 2
        /// A spread followed from an operation, for the rules that need every
        /// fragment (NoUnusedFragmentsRule) or variable (the variable rules) it reaches.
        static let spread = 2
        /// A variable usage gathered for an operation, then checked by three rules.
        static let variableUsage = 2
        /// Comparing two fields' sub-selections, on top of `fieldPair`.
        static let subSelections = 4
        /// Following a fragment while comparing (lookups, pair set, its fields).
        static let fragment = 6
        /// A node visited by MaxIntrospectionDepthRule; a spread on the path of a
        /// fragment cycle that NoFragmentCyclesRule reports.
        static let node = 1
    }

    /// Units allowed; past it, validation stops with `tooComplexError`.
    let limit: Int
    private(set) var spent = 0

    init(limit: Int) { self.limit = limit }

    /// Adds `units`; false once the total is over the limit.
    mutating func spend(_ units: Int) -> Bool {
        spent &+= units
        return spent <= limit
    }

    /// The one error a document over the budget gets: the errors found
    /// before it are partial, and a document this costly is refused as a whole.
    var tooComplexError: GraphQLError {
        GraphQLError(
            "The document is too complex to validate (validation cost over \(limit)).", code: .validationFailed)
    }
}

extension GraphQLLimits {
    /// The default `maxValidationCost`: 100,000 units, reached in 15 to 30 ms
    /// (release build, reference machine) by every costly document shape we
    /// know. The app's own two documents cost 0 units, and the largest valid
    /// documents in the tests (700 identical fragments side by side, 4,900
    /// identical fields twice, a chain of 1,000 fragments) at most 22,000.
    package static let defaultMaxValidationCost = 100_000
}
