import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/FragmentsOnCompositeTypesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct FragmentsOnCompositeTypesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "object is valid fragment type",
            "fragment validFragment on UserDetails { name }",
            source: "graphql-js FragmentsOnCompositeTypesRule-test.ts: object is valid fragment type"),
        ValidationCase(
            "object is valid inline fragment type",
            "fragment validFragment on Moment { ... on Moment { title } }",
            source: "graphql-js FragmentsOnCompositeTypesRule-test.ts: object is valid inline fragment type"),
        ValidationCase(
            "inline fragment without type is valid",
            "fragment validFragment on Moment { ... { title } }",
            source: "graphql-js FragmentsOnCompositeTypesRule-test.ts: inline fragment without type is valid"),
        ValidationCase(
            "unknown type is left to KnownTypeNames",
            "fragment f on Unknown { name }",
            source: "ours: typeFromAST is undefined, nothing reported"),
        ValidationCase(
            "scalar is invalid fragment type",
            "fragment scalarFragment on Boolean { bad }",
            errors: [
                ExpectedError("Fragment \"scalarFragment\" cannot condition on non composite type \"Boolean\".", (1, 28)),
            ],
            source: "graphql-js FragmentsOnCompositeTypesRule-test.ts: scalar is invalid fragment type"),
        ValidationCase(
            "enum is invalid fragment type",
            "fragment scalarFragment on MomentType { bad }",
            errors: [
                ExpectedError("Fragment \"scalarFragment\" cannot condition on non composite type \"MomentType\".", (1, 28)),
            ],
            source: "graphql-js FragmentsOnCompositeTypesRule-test.ts: enum is invalid fragment type"),
        ValidationCase(
            "scalar is invalid inline fragment type",
            "fragment invalidFragment on Moment { ... on String { barks } }",
            errors: [
                ExpectedError("Fragment cannot condition on non composite type \"String\".", (1, 45)),
            ],
            source: "graphql-js FragmentsOnCompositeTypesRule-test.ts: scalar is invalid inline fragment type"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(FragmentsOnCompositeTypesRule.self, testCase)
    }
}
