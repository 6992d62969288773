import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/KnownTypeNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct KnownTypeNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "known type names are valid",
            """
            query Foo($var: String, $required: [ID!]!, $type: MomentType) {
              user(id: 4) { name }
              search(ids: $required) { ...MomentFields }
            }
            fragment MomentFields on Moment { title }
            """,
            source: "graphql-js KnownTypeNamesRule-test.ts: known type names are valid"),
        ValidationCase(
            "unknown type names are invalid",
            """
            query Foo($var: JumbledUpLetters) {
              user(id: 4) {
                name
                ... on Badger { name }
              }
            }
            fragment UserFields on Peettt { name }
            """,
            errors: [
                ExpectedError("Unknown type \"JumbledUpLetters\".", (1, 17)),
                ExpectedError("Unknown type \"Badger\".", (4, 12)),
                ExpectedError("Unknown type \"Peettt\".", (7, 24)),
            ],
            source: "graphql-js KnownTypeNamesRule-test.ts: unknown type names are invalid"),
        ValidationCase(
            "suggests similar type names",
            "query ($a: Srting, $b: Momentt, $c: momenttype) { __typename }",
            errors: [
                ExpectedError("Unknown type \"Srting\". Did you mean \"String\"?", (1, 12)),
                ExpectedError("Unknown type \"Momentt\". Did you mean \"Moment\" or \"MomentType\"?", (1, 24)),
                ExpectedError("Unknown type \"momenttype\". Did you mean \"MomentType\" or \"Moment\"?", (1, 37)),
            ],
            source: "ours: suggestions for a misspelled scalar, object and enum"),
        ValidationCase(
            "unused built-in scalars are unknown, as in graphql-js",
            "query ($n: Int, $f: Float) { __typename }",
            source: "ours: graphql-js's type map holds only referenced built-in scalars"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(KnownTypeNamesRule.self, testCase)
    }
}
