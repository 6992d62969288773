import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/ExecutableDefinitionsRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct ExecutableDefinitionsRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "only operation",
            "query Foo { getMomentsDetailsByUserID(userID: 1) { userDetails { name } } }",
            source: "graphql-js ExecutableDefinitionsRule-test.ts: with only operation"),
        ValidationCase(
            "operation and fragment",
            """
            query Foo { getMomentsDetailsByUserID(userID: 1) { ...Details } }
            fragment Details on MomentsDetails { userDetails { name } }
            """,
            source: "graphql-js ExecutableDefinitionsRule-test.ts: with operation and fragment"),
        ValidationCase(
            "type definition",
            """
            query Foo { user { name } }
            type Cow { name: String }
            extend type UserDetails { color: String }
            """,
            errors: [
                ExpectedError("The \"Cow\" definition is not executable.", (2, 1)),
                ExpectedError("The \"UserDetails\" definition is not executable.", (3, 1)),
            ],
            source: "graphql-js ExecutableDefinitionsRule-test.ts: with type definition"),
        ValidationCase(
            "schema definition",
            """
            schema { query: Query }
            type Query { test: String }
            extend schema @directive
            """,
            errors: [
                ExpectedError("The schema definition is not executable.", (1, 1)),
                ExpectedError("The \"Query\" definition is not executable.", (2, 1)),
                ExpectedError("The schema definition is not executable.", (3, 1)),
            ],
            source: "graphql-js ExecutableDefinitionsRule-test.ts: with schema definition"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(ExecutableDefinitionsRule.self, testCase)
    }
}
