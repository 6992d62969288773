import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/KnownDirectivesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct KnownDirectivesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "with no directives",
            "query Foo { user { name } }",
            source: "graphql-js KnownDirectivesRule-test.ts: with no directives"),
        ValidationCase(
            "with standard directives",
            "{ user @include(if: true) { name } search @skip(if: true) { id } }",
            source: "graphql-js KnownDirectivesRule-test.ts: with standard directives"),
        ValidationCase(
            "with unknown directive",
            "{ user @unknown(directive: \"value\") { name } }",
            errors: [
                ExpectedError("Unknown directive \"@unknown\".", (1, 8)),
            ],
            source: "graphql-js KnownDirectivesRule-test.ts: with unknown directive"),
        ValidationCase(
            "with many unknown directives",
            "{ user @unknown(directive: \"value\") { name } search @unknown(directive: \"value\") { id title @unknown(directive: \"value\") } }",
            errors: [
                ExpectedError("Unknown directive \"@unknown\".", (1, 8)),
                ExpectedError("Unknown directive \"@unknown\".", (1, 53)),
                ExpectedError("Unknown directive \"@unknown\".", (1, 93)),
            ],
            source: "graphql-js KnownDirectivesRule-test.ts: with many unknown directives"),
        ValidationCase(
            "with well placed directives",
            """
            query ($var: Boolean) @skip(if: true) {
              name: __typename @include(if: $var)
              ...Frag @include(if: true)
              ... @skip(if: true) { __typename }
            }
            fragment Frag on Query { __typename }
            """,
            errors: [
                ExpectedError("Directive \"@skip\" may not be used on QUERY.", (1, 23)),
            ],
            source: "ours: @skip on a query is misplaced"),
        ValidationCase(
            "with misplaced directives",
            """
            query Foo($var: Boolean @include(if: true)) @include(if: true) {
              name: __typename @include(if: $var) @deprecated
              ... @deprecated { __typename }
              ...Frag @specifiedBy(url: "x")
            }
            mutation Bar @skip(if: true) { __typename }
            fragment Frag on Query @skip(if: true) { __typename }
            subscription Baz @deprecated { __typename }
            """,
            errors: [
                ExpectedError("Directive \"@include\" may not be used on VARIABLE_DEFINITION.", (1, 25)),
                ExpectedError("Directive \"@include\" may not be used on QUERY.", (1, 45)),
                ExpectedError("Directive \"@deprecated\" may not be used on FIELD.", (2, 39)),
                ExpectedError("Directive \"@deprecated\" may not be used on INLINE_FRAGMENT.", (3, 7)),
                ExpectedError("Directive \"@specifiedBy\" may not be used on FRAGMENT_SPREAD.", (4, 11)),
                ExpectedError("Directive \"@skip\" may not be used on MUTATION.", (6, 14)),
                ExpectedError("Directive \"@skip\" may not be used on FRAGMENT_DEFINITION.", (7, 24)),
                ExpectedError("Directive \"@deprecated\" may not be used on SUBSCRIPTION.", (8, 18)),
            ],
            source: "graphql-js KnownDirectivesRule-test.ts: with misplaced directives"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(KnownDirectivesRule.self, testCase)
    }
}
