import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/VariablesAreInputTypesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct VariablesAreInputTypesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "unknown types are ignored",
            "query Foo($a: Unknown, $b: [[Unknown!]]!) { user { name } }",
            source: "graphql-js VariablesAreInputTypesRule-test.ts: unknown types are ignored"),
        ValidationCase(
            "input types are valid",
            "query Foo($a: String, $b: [Boolean!]!, $c: MomentType, $d: ID!) { user { name } }",
            source: "graphql-js VariablesAreInputTypesRule-test.ts: input types are valid"),
        ValidationCase(
            "output types are invalid",
            "query Foo($a: Moment, $b: [[UserDetails!]!], $c: MomentsDetails!) { user { name } }",
            errors: [
                ExpectedError("Variable \"$a\" cannot be non-input type \"Moment\".", (1, 15)),
                ExpectedError("Variable \"$b\" cannot be non-input type \"[[UserDetails!]!]\".", (1, 27)),
                ExpectedError("Variable \"$c\" cannot be non-input type \"MomentsDetails!\".", (1, 50)),
            ],
            source: "graphql-js VariablesAreInputTypesRule-test.ts: output types are invalid"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(VariablesAreInputTypesRule.self, testCase)
    }
}
