/// The bounds on what `/metrics` exports: every label takes values from a
/// bounded set, so no client can grow the output or the memory behind it.
package enum MetricsLimits {
    /// Distinct GraphQL operation names that get a label value of their own,
    /// first come first served (the app's own operations are seeded first);
    /// later names are counted as `other`.
    package static let maxOperationNames = 64
    /// Longest operation name taken as a label value, in bytes; a longer
    /// one, or one that is not a GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`), is `other`.
    package static let maxOperationNameBytes = 64
    /// Distinct reasons of the transport's refusals (`HTTPLimits` bounds and
    /// parse errors: about 40 exist); any beyond is `other`.
    package static let maxRefusalReasons = 64
}
