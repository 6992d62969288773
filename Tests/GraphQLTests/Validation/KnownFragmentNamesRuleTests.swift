import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/KnownFragmentNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct KnownFragmentNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "known fragment names are valid",
            """
            {
              user(id: 4) {
                ...UserFields
                ... on UserDetails { ...MoreFields }
              }
            }
            fragment UserFields on UserDetails { name }
            fragment MoreFields on UserDetails { id }
            """,
            source: "graphql-js KnownFragmentNamesRule-test.ts: known fragment names are valid"),
        ValidationCase(
            "unknown fragment names are invalid",
            """
            {
              user(id: 4) {
                ...UnknownFragment1
                ... on UserDetails { ...UnknownFragment2 }
              }
            }
            fragment UserFields on UserDetails { name ...UnknownFragment3 }
            """,
            errors: [
                ExpectedError("Unknown fragment \"UnknownFragment1\".", (3, 8)),
                ExpectedError("Unknown fragment \"UnknownFragment2\".", (4, 29)),
                ExpectedError("Unknown fragment \"UnknownFragment3\".", (7, 46)),
            ],
            source: "graphql-js KnownFragmentNamesRule-test.ts: unknown fragment names are invalid"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(KnownFragmentNamesRule.self, testCase)
    }
}
