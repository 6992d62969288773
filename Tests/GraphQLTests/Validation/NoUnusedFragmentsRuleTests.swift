import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/NoUnusedFragmentsRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct NoUnusedFragmentsRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "all fragment names are used",
            """
            {
              user(id: 4) { ...UserFields1 ... on UserDetails { ...UserFields3 } }
            }
            fragment UserFields1 on UserDetails { name ...UserFields2 }
            fragment UserFields2 on UserDetails { id }
            fragment UserFields3 on UserDetails { avatar }
            """,
            source: "graphql-js NoUnusedFragmentsRule-test.ts: all fragment names are used"),
        ValidationCase(
            "contains unknown and undef fragments",
            """
            query Foo { user(id: 4) { ...UserFields1 } }
            fragment UserFields1 on UserDetails { name ...UserFields2 }
            fragment UserFields2 on UserDetails { id }
            fragment Unused1 on UserDetails { name }
            fragment Unused2 on UserDetails { name }
            """,
            errors: [
                ExpectedError("Fragment \"Unused1\" is never used.", (4, 1)),
                ExpectedError("Fragment \"Unused2\" is never used.", (5, 1)),
            ],
            source: "graphql-js NoUnusedFragmentsRule-test.ts: contains unknown fragments"),
        ValidationCase(
            "contains unknown fragments with ref cycle",
            """
            query Foo { user(id: 4) { ...UserFields1 } }
            fragment UserFields1 on UserDetails { name }
            fragment Unused1 on UserDetails { name ...Unused2 }
            fragment Unused2 on UserDetails { name ...Unused1 }
            """,
            errors: [
                ExpectedError("Fragment \"Unused1\" is never used.", (3, 1)),
                ExpectedError("Fragment \"Unused2\" is never used.", (4, 1)),
            ],
            source: "graphql-js NoUnusedFragmentsRule-test.ts: contains unknown fragments with ref cycle"),
        ValidationCase(
            "contains unknown and undef fragments",
            """
            query Foo { user(id: 4) { ...bar } }
            fragment foo on UserDetails { name }
            """,
            errors: [
                ExpectedError("Fragment \"foo\" is never used.", (2, 1)),
            ],
            source: "graphql-js NoUnusedFragmentsRule-test.ts: contains unknown and undef fragments"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(NoUnusedFragmentsRule.self, testCase)
    }
}
