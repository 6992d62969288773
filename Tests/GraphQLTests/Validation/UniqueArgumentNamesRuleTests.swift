import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/UniqueArgumentNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct UniqueArgumentNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "no arguments on field",
            "{ user { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: no arguments on field"),
        ValidationCase(
            "no arguments on directive",
            "{ user @deprecated { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: no arguments on directive"),
        ValidationCase(
            "argument on field",
            "{ user(id: 1) { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: argument on field"),
        ValidationCase(
            "argument on directive",
            "{ user @skip(if: true) { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: argument on directive"),
        ValidationCase(
            "same argument on two fields",
            "{ one: user(id: 1) { name } two: user(id: 1) { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: same argument on two fields"),
        ValidationCase(
            "same argument on field and directive",
            "{ user(id: 1) @skip(id: 1) { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: same argument on field and directive"),
        ValidationCase(
            "multiple field arguments",
            "{ user(id: 1, name: \"a\") { name } }",
            source: "graphql-js UniqueArgumentNamesRule-test.ts: multiple field arguments"),
        ValidationCase(
            "duplicate field arguments",
            "{ user(id: 1, id: 2) { name } }",
            errors: [
                ExpectedError("There can be only one argument named \"id\".", (1, 8), (1, 15)),
            ],
            source: "graphql-js UniqueArgumentNamesRule-test.ts: duplicate field arguments"),
        ValidationCase(
            "many duplicate field arguments",
            "{ user(id: 1, id: 2, id: 3) { name } }",
            errors: [
                ExpectedError("There can be only one argument named \"id\".", (1, 8), (1, 15), (1, 22)),
            ],
            source: "graphql-js UniqueArgumentNamesRule-test.ts: many duplicate field arguments"),
        ValidationCase(
            "duplicate directive arguments",
            "{ user @skip(if: true, if: false) { name } }",
            errors: [
                ExpectedError("There can be only one argument named \"if\".", (1, 14), (1, 24)),
            ],
            source: "graphql-js UniqueArgumentNamesRule-test.ts: duplicate directive arguments"),
        ValidationCase(
            "many duplicate directive arguments",
            "{ user @skip(if: true, if: false, if: true) { name } }",
            errors: [
                ExpectedError("There can be only one argument named \"if\".", (1, 14), (1, 24), (1, 35)),
            ],
            source: "graphql-js UniqueArgumentNamesRule-test.ts: many duplicate directive arguments"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(UniqueArgumentNamesRule.self, testCase)
    }
}
