import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/LoneAnonymousOperationRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct LoneAnonymousOperationRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "no operations",
            "fragment fragA on UserDetails { name }",
            source: "graphql-js LoneAnonymousOperationRule-test.ts: no operations"),
        ValidationCase(
            "one anon operation",
            "{ user { name } }",
            source: "graphql-js LoneAnonymousOperationRule-test.ts: one anon operation"),
        ValidationCase(
            "multiple named operations",
            """
            query Foo { user { name } }
            query Bar { user { id } }
            """,
            source: "graphql-js LoneAnonymousOperationRule-test.ts: multiple operations"),
        ValidationCase(
            "anon operation with fragment",
            """
            { user { ...Foo } }
            fragment Foo on UserDetails { name }
            """,
            source: "graphql-js LoneAnonymousOperationRule-test.ts: anon operation with fragment"),
        ValidationCase(
            "multiple anon operations",
            """
            { user { name } }
            { user { id } }
            """,
            errors: [
                ExpectedError("This anonymous operation must be the only defined operation.", (1, 1)),
                ExpectedError("This anonymous operation must be the only defined operation.", (2, 1)),
            ],
            source: "graphql-js LoneAnonymousOperationRule-test.ts: multiple anon operations"),
        ValidationCase(
            "anon operation with a mutation",
            """
            { user { name } }
            mutation Foo { updateMomentLike(momentID: 1, userID: 1, isLiked: true) { userDetails { id } } }
            """,
            errors: [
                ExpectedError("This anonymous operation must be the only defined operation.", (1, 1)),
            ],
            source: "graphql-js LoneAnonymousOperationRule-test.ts: anon operation with a mutation"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(LoneAnonymousOperationRule.self, testCase)
    }
}
