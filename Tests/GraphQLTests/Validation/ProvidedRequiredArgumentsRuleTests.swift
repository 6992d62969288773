import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/ProvidedRequiredArgumentsRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct ProvidedRequiredArgumentsRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "ignores unknown arguments",
            "{ user(unknownArgument: true) { name } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: ignores unknown arguments"),
        ValidationCase(
            "arg on optional arg",
            "{ search(text: \"a\") { id } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: Arg on optional arg"),
        ValidationCase(
            "no arg on optional arg",
            "{ search { id } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: No Arg on optional arg"),
        ValidationCase(
            "no arg on non-null field with default",
            "{ user { name } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: No arg on non-null field with default"),
        ValidationCase(
            "multiple args",
            "{ updateMomentLike: moment(id: 1) { id } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: Multiple args"),
        ValidationCase(
            "missing one non-nullable argument",
            "{ moment { id } }",
            errors: [
                ExpectedError("Field \"moment\" argument \"id\" of type \"ID!\" is required, but it was not provided.", (1, 3)),
            ],
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: Missing one non-nullable argument"),
        ValidationCase(
            "missing multiple non-nullable arguments",
            "mutation { updateMomentLike(userID: 1) { __typename } }",
            errors: [
                ExpectedError("Field \"updateMomentLike\" argument \"momentID\" of type \"ID!\" is required, but it was not provided.", (1, 12)),
                ExpectedError("Field \"updateMomentLike\" argument \"isLiked\" of type \"Boolean!\" is required, but it was not provided.", (1, 12)),
            ],
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: Missing multiple non-nullable arguments"),
        ValidationCase(
            "incorrect value and missing argument",
            "{ getMomentsDetailsByUserID(unknown: 1) { moments { likes { name } } } }",
            errors: [
                ExpectedError("Field \"getMomentsDetailsByUserID\" argument \"userID\" of type \"ID!\" is required, but it was not provided.", (1, 3)),
            ],
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: Incorrect value and missing argument"),
        ValidationCase(
            "with directives of valid types",
            "{ user @include(if: true) { name } search @skip(if: true) { id } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: with directives of valid types"),
        ValidationCase(
            "with directive with missing types",
            "{ user @include { name @skip } }",
            errors: [
                ExpectedError("Directive \"@include\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 8)),
                ExpectedError("Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided.", (1, 24)),
            ],
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: with directive with missing types"),
        ValidationCase(
            "unknown directives are ignored",
            "{ user @unknown { name } }",
            source: "graphql-js ProvidedRequiredArgumentsRule-test.ts: ignores unknown directives"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(ProvidedRequiredArgumentsRule.self, testCase)
    }
}
