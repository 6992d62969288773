import Testing

@testable import GraphQL
import TestSupport

// Cases from graphql-js v16.11.0 src/validation/__tests__/MaxIntrospectionDepthRule-test.ts, and ours;
// expectations from a line-by-line Python transcription of graphql-js's rule (graphql-core 3.2.14
// changed the rule: it revisits a fragment at a greater depth, so it reports cycles through list
// fields, which graphql-js does not).
struct MaxIntrospectionDepthRuleTests {
    static let exceeded = "Maximum introspection depth exceeded"

    static let cases: [ValidationCase] = [
        ValidationCase(
            "default introspection query", IntrospectionQuery.standard,
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: default introspection query"),
        ValidationCase(
            "3 flat fields",
            #"{ __type(name: "Query") { trueFields: fields(includeDeprecated: true) { name } falseFields: fields(includeDeprecated: false) { name } omittedFields: fields { name } } }"#,
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 flat fields introspection query"),
        ValidationCase(
            "3 fields deep from __schema",
            "{\n  __schema { types { fields { type { fields { type { fields { name } } } } } } }\n}",
            errors: [ExpectedError(exceeded, (2, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep introspection query from __schema"),
        ValidationCase(
            "3 interfaces deep", "{ __schema { types { interfaces { interfaces { interfaces { name } } } } } }",
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 interfaces deep introspection query from __schema"),
        ValidationCase(
            "3 possibleTypes deep",
            "{ __schema { types { possibleTypes { possibleTypes { possibleTypes { name } } } } } }",
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 possibleTypes deep introspection query from __schema"),
        ValidationCase(
            "3 inputFields deep",
            "{ __schema { types { inputFields { type { inputFields { type { inputFields { type { name } } } } } } } } }",
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 inputFields deep introspection query from __schema"),
        ValidationCase(
            "from multiple __schema",
            """
            {
              one: __schema { types { fields { type { fields { type { fields { name } } } } } } }
              two: __schema { types { fields { type { fields { type { fields { name } } } } } } }
              three: __schema { types { fields { type { fields { type { fields { name } } } } } } }
            }
            """,
            errors: [ExpectedError(exceeded, (2, 3)), ExpectedError(exceeded, (3, 3)), ExpectedError(exceeded, (4, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep introspection query from multiple __schema"),
        ValidationCase(
            "from __type",
            #"{ __type(name: "Query") { types { fields { type { fields { type { fields { name } } } } } } } }"#,
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep introspection query from __type"),
        ValidationCase(
            "1 deep with 3 fields",
            "{ __schema { types { fields { type { oneFields: fields { name } twoFields: fields { name } threeFields: fields { name } } } } } }",
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 1 fields deep with 3 fields introspection query"),
        ValidationCase(
            "from varying parents",
            "{ __schema { types { fields { type { fields { type { ofType { fields { name } } } } } } } } }",
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep from varying parents introspection query"),
        ValidationCase(
            "with inline fragments",
            """
            query test {
              __schema { types { ... on __Type { fields { type { ... on __Type { ofType { fields { type { ... on __Type { fields { name } } } } } } } } } } }
            }
            """,
            errors: [ExpectedError(exceeded, (2, 3))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep introspection query with inline fragments"),
        ValidationCase(
            "with fragments",
            """
            query test { __schema { types { ...One } } }
            fragment One on __Type { fields { type { ...Two } } }
            fragment Two on __Type { fields { type { ...Three } } }
            fragment Three on __Type { fields { name } }
            """,
            errors: [ExpectedError(exceeded, (1, 14))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep introspection query with fragments"),
        ValidationCase(
            "inside an inline fragment on the query",
            "{\n  ... {\n    __schema { types { fields { type { fields { type { fields { name } } } } } } }\n  }\n}",
            errors: [ExpectedError(exceeded, (3, 5))],
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: 3 fields deep inside inline fragment on query"),
        ValidationCase(
            "opts out if fragment is missing", "query test { __schema { types { ...Missing } } }",
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: opts out if fragment is missing"),
        ValidationCase(
            "does not recurse on a fragment cycle",
            "query test { __schema { types { ...Cycle } } }\nfragment Cycle on __Type { ...Cycle }",
            source: "graphql-js MaxIntrospectionDepthRule-test.ts: doesn't infinitely recurse on fragment cycle"),
        ValidationCase(
            "ofType does not count",
            #"{ __type(name: "Query") { fields { type { ofType { ofType { ofType { ofType { fields { name } } } } } } } } }"#,
            source: "ours: only the four list fields count"),
        ValidationCase(
            "a cycle through a list field stops at the fragment already on the path",
            "{ __schema { types { ...A } } }\nfragment A on __Type { fields { type { ...A } } }",
            source: "ours: graphql-js's visited fragments (graphql-core 3.2.14 reports this one)"),
        ValidationCase(
            "a fragment reached at two depths",
            "{ __schema { types { ...F fields { type { interfaces { ...F } } } } } }\nfragment F on __Type { interfaces { name } }",
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "ours: a fragment that stayed below the limit at depth 0 reaches it at depth 2"),
        ValidationCase(
            "a fragment cut on one path is explored again on another",
            "{ a: __schema { types { ...A } } b: __schema { types { ...B } } }\nfragment A on __Type { fields { type { ...B } } }\nfragment B on __Type { ...A interfaces { name } }",
            source: "ours: results found after a cut are not reused (graphql-core 3.2.14 reports both)"),
        ValidationCase(
            "nothing inside a reported field is checked again",
            #"{ __schema { types { fields { type { fields { __type(name: "Q") { fields { interfaces { possibleTypes { name } } } } } } } } } }"#,
            errors: [ExpectedError(exceeded, (1, 3))],
            source: "ours: graphql-js's visitor returns false, skipping the field's children"),
        ValidationCase(
            "in a fragment definition",
            "{ ...Q }\nfragment Q on Query { __schema { types { fields { type { fields { type { fields { name } } } } } } } }",
            errors: [ExpectedError(exceeded, (2, 23))],
            source: "ours: every __schema field of the document is checked where it is written"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(MaxIntrospectionDepthRule.self, testCase)
    }

    /// graphql-js explores a fragment again for every spread, 2^40 times for
    /// this chain of fragments each spreading the next twice; here each
    /// fragment is explored once per depth.
    @Test func aChainOfDoubleSpreadsCostsLinearWork() throws {
        let document = try parse(
            "{ __schema { types { ...F0 } } }\n"
                + (0..<40).map { "fragment F\($0) on __Type { name ...F\($0 + 1) ...F\($0 + 1) }\n" }.joined()
                + "fragment F40 on __Type { fields { type { interfaces { name } } } }")
        let result = validateMeasuringCost(
            schema: TestSchema.schema, document: document, rules: [MaxIntrospectionDepthRule.self])
        #expect(result.errors.isEmpty)
        #expect(result.cost < 1_000)
    }

    @Test func aLongChainOfFragmentsDoesNotExhaustTheStack() throws {
        let document = try parse(
            "{ __schema { types { ...F0 } } }\n"
                + (0..<1_200).map { "fragment F\($0) on __Type { ...F\($0 + 1) }\n" }.joined()
                + "fragment F1200 on __Type { fields { name } }")
        #expect(validate(schema: TestSchema.schema, document: document, rules: [MaxIntrospectionDepthRule.self]).isEmpty)
    }

    /// The rule is one of the specified rules: the engine refuses the
    /// document, with graphql-js's message, before anything is resolved.
    @Test func theEngineRefusesDeepIntrospection() {
        let body = ExecutionTestSchema.run("{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }")
        #expect(body == #"{"errors":[{"message":"Maximum introspection depth exceeded","locations":[{"line":1,"column":3}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#)
    }
}
