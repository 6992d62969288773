import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/UniqueFragmentNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct UniqueFragmentNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "no fragments",
            "{ user { name } }",
            source: "graphql-js UniqueFragmentNamesRule-test.ts: no fragments"),
        ValidationCase(
            "one fragment",
            """
            { user { ...fragA } }
            fragment fragA on UserDetails { name }
            """,
            source: "graphql-js UniqueFragmentNamesRule-test.ts: one fragment"),
        ValidationCase(
            "many fragments",
            """
            { user { ...fragA ...fragB } }
            fragment fragA on UserDetails { name }
            fragment fragB on UserDetails { id }
            """,
            source: "graphql-js UniqueFragmentNamesRule-test.ts: many fragments"),
        ValidationCase(
            "inline fragments are always unique",
            "{ user { ...on UserDetails { name } ...on UserDetails { id } } }",
            source: "graphql-js UniqueFragmentNamesRule-test.ts: inline fragments are always unique"),
        ValidationCase(
            "fragments named the same",
            """
            { user { ...fragA } }
            fragment fragA on UserDetails { name }
            fragment fragA on UserDetails { id }
            """,
            errors: [
                ExpectedError("There can be only one fragment named \"fragA\".", (2, 10), (3, 10)),
            ],
            source: "graphql-js UniqueFragmentNamesRule-test.ts: fragments named the same"),
        ValidationCase(
            "fragments named the same without being referenced",
            """
            fragment fragA on UserDetails { name }
            fragment fragA on UserDetails { id }
            """,
            errors: [
                ExpectedError("There can be only one fragment named \"fragA\".", (1, 10), (2, 10)),
            ],
            source: "graphql-js UniqueFragmentNamesRule-test.ts: fragments named the same without being referenced"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(UniqueFragmentNamesRule.self, testCase)
    }
}
