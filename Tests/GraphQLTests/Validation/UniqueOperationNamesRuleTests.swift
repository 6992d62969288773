import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/UniqueOperationNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct UniqueOperationNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "no operations",
            "fragment fragA on UserDetails { name }",
            source: "graphql-js UniqueOperationNamesRule-test.ts: no operations"),
        ValidationCase(
            "one anon operation",
            "{ user { name } }",
            source: "graphql-js UniqueOperationNamesRule-test.ts: one anon operation"),
        ValidationCase(
            "one named operation",
            "query Foo { user { name } }",
            source: "graphql-js UniqueOperationNamesRule-test.ts: one named operation"),
        ValidationCase(
            "multiple operations",
            """
            query Foo { user { name } }
            query Bar { user { id } }
            """,
            source: "graphql-js UniqueOperationNamesRule-test.ts: multiple operations"),
        ValidationCase(
            "multiple operations of different types",
            """
            query Foo { user { name } }
            mutation Bar { updateMomentLike(momentID: 1, userID: 1, isLiked: true) { userDetails { id } } }
            """,
            source: "graphql-js UniqueOperationNamesRule-test.ts: multiple operations of different types"),
        ValidationCase(
            "fragment and operation named the same",
            """
            query Foo { user { ...Foo } }
            fragment Foo on UserDetails { name }
            """,
            source: "graphql-js UniqueOperationNamesRule-test.ts: fragment and operation named the same"),
        ValidationCase(
            "multiple operations of same name",
            """
            query Foo { user { name } }
            query Foo { user { id } }
            """,
            errors: [
                ExpectedError("There can be only one operation named \"Foo\".", (1, 7), (2, 7)),
            ],
            source: "graphql-js UniqueOperationNamesRule-test.ts: multiple operations of same name"),
        ValidationCase(
            "multiple ops of same name of different types (mutation)",
            """
            query Foo { user { name } }
            mutation Foo { updateMomentLike(momentID: 1, userID: 1, isLiked: true) { userDetails { id } } }
            """,
            errors: [
                ExpectedError("There can be only one operation named \"Foo\".", (1, 7), (2, 10)),
            ],
            source: "graphql-js UniqueOperationNamesRule-test.ts: multiple ops of same name of different types (mutation)"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(UniqueOperationNamesRule.self, testCase)
    }
}
