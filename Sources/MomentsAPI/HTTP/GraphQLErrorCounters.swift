import CoreMetrics
import GraphQL

/// GraphQL errors answered, by `extensions.code`: one swift-metrics counter
/// per code, all made up front (the codes are a closed set, so the label is
/// bounded and a dashboard sees every code from zero).
///
/// Counted where `/graphql` answers: request refusals, parse, validation and
/// variable errors, and the field errors of an execution. Answers from the
/// response cache never carry errors.
package struct GraphQLErrorCounters: Sendable {
    /// `moments_graphql_errors_total{code="..."}`.
    package static let label = "moments_graphql_errors_total"

    private let codes = GraphQLErrorCode.allCases
    private let counters: [CoreMetrics.Counter]

    /// - Parameter factory: where the counters live; by default nowhere (no metrics).
    package init(factory: any MetricsFactory = NOOPMetricsHandler.instance) {
        counters = codes.map {
            CoreMetrics.Counter(label: Self.label, dimensions: [("code", $0.rawValue)], factory: factory)
        }
    }

    package func count(_ errors: [GraphQLError]) {
        for error in errors { count(error.code) }
    }

    package func count(_ code: GraphQLErrorCode) {
        // A dozen codes, compared as integers: cheaper than hashing.
        if let index = codes.firstIndex(of: code) { counters[index].increment() }
    }
}
