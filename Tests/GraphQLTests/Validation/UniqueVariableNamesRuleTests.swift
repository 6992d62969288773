import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/UniqueVariableNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct UniqueVariableNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "unique variable names",
            """
            query A($x: ID, $y: ID) { __typename }
            query B($x: String, $y: Boolean) { __typename }
            """,
            source: "graphql-js UniqueVariableNamesRule-test.ts: unique variable names"),
        ValidationCase(
            "duplicate variable names",
            """
            query A($x: ID, $x: Boolean, $x: String) { __typename }
            query B($x: String, $x: ID) { __typename }
            query C($x: ID, $x: ID) { __typename }
            """,
            errors: [
                ExpectedError("There can be only one variable named \"$x\".", (1, 10), (1, 18), (1, 31)),
                ExpectedError("There can be only one variable named \"$x\".", (2, 10), (2, 22)),
                ExpectedError("There can be only one variable named \"$x\".", (3, 10), (3, 18)),
            ],
            source: "graphql-js UniqueVariableNamesRule-test.ts: duplicate variable names"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(UniqueVariableNamesRule.self, testCase)
    }
}
