import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/UniqueInputFieldNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct UniqueInputFieldNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "input object with fields",
            "{ search(text: {f: true}) { id } }",
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: input object with fields"),
        ValidationCase(
            "same input object within two args",
            "{ search(text: {f: true}, type: {f: true}) { id } }",
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: same input object within two args"),
        ValidationCase(
            "multiple input object fields",
            "{ search(text: {f1: \"value\", f2: \"value\", f3: \"value\"}) { id } }",
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: multiple input object fields"),
        ValidationCase(
            "allows for nested input objects with similar fields",
            "{ search(text: { deep: { deep: { id: 1 } id: 1 } id: 1 }) { id } }",
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: allows for nested input objects with similar fields"),
        ValidationCase(
            "duplicate input object fields",
            "{ search(text: {f1: \"value\", f1: \"value\"}) { id } }",
            errors: [
                ExpectedError("There can be only one input field named \"f1\".", (1, 17), (1, 30)),
            ],
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: duplicate input object fields"),
        ValidationCase(
            "many duplicate input object fields",
            "{ search(text: {f1: \"value\", f1: \"value\", f1: \"value\"}) { id } }",
            errors: [
                ExpectedError("There can be only one input field named \"f1\".", (1, 17), (1, 30)),
                ExpectedError("There can be only one input field named \"f1\".", (1, 17), (1, 43)),
            ],
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: many duplicate input object fields"),
        ValidationCase(
            "nested duplicate input object fields",
            "{ search(text: {f1: {f2: \"value\", f2: \"value\"}}) { id } }",
            errors: [
                ExpectedError("There can be only one input field named \"f2\".", (1, 22), (1, 35)),
            ],
            source: "graphql-js UniqueInputFieldNamesRule-test.ts: nested duplicate input object fields"),
        ValidationCase(
            "duplicates inside lists and variable defaults",
            "query ($a: String = {x: 1, x: 2}) { search(ids: [{y: 1, y: 2}], text: $a) { id } }",
            errors: [
                ExpectedError("There can be only one input field named \"x\".", (1, 22), (1, 28)),
                ExpectedError("There can be only one input field named \"y\".", (1, 51), (1, 57)),
            ],
            source: "ours: object literals anywhere"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(UniqueInputFieldNamesRule.self, testCase)
    }
}
