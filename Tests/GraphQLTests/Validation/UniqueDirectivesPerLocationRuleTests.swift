import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/UniqueDirectivesPerLocationRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct UniqueDirectivesPerLocationRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "no directives",
            "fragment Test on Moment { title }",
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: no directives"),
        ValidationCase(
            "unique directives in different locations",
            "fragment Test on Moment @skip(if: true) { title @include(if: true) }",
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: unique directives in different locations"),
        ValidationCase(
            "unique directives in same locations",
            "fragment Test on Moment { title @include(if: true) @skip(if: false) }",
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: unique directives in same locations"),
        ValidationCase(
            "same directives in different locations",
            "fragment Test on Moment @skip(if: true) { title @skip(if: true) }",
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: same directives in different locations"),
        ValidationCase(
            "same directives in similar locations",
            "fragment Test on Moment { title @skip(if: true) title @skip(if: true) }",
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: same directives in similar locations"),
        ValidationCase(
            "unknown directives must be ignored",
            "fragment Test on Moment { title @unknown @unknown }",
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: unknown directives must be ignored"),
        ValidationCase(
            "duplicate directives in one location",
            "fragment Test on Moment { title @skip(if: true) @skip(if: false) }",
            errors: [
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (1, 33), (1, 49)),
            ],
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: duplicate directives in one location"),
        ValidationCase(
            "many duplicate directives in one location",
            "fragment Test on Moment { title @skip(if: true) @skip(if: true) @skip(if: true) }",
            errors: [
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (1, 33), (1, 49)),
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (1, 33), (1, 65)),
            ],
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: many duplicate directives in one location"),
        ValidationCase(
            "different duplicate directives in one location",
            "fragment Test on Moment { title @skip(if: true) @include(if: true) @skip(if: true) @include(if: true) }",
            errors: [
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (1, 33), (1, 68)),
                ExpectedError("The directive \"@include\" can only be used once at this location.", (1, 49), (1, 84)),
            ],
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: different duplicate directives in one location"),
        ValidationCase(
            "duplicate directives in many locations",
            """
            query ($v: Boolean @include(if: true) @include(if: true)) @skip(if: true) @skip(if: true) {
              ...F @skip(if: true) @skip(if: true)
              ... @include(if: true) @include(if: true) { __typename }
            }
            fragment F on Query @skip(if: true) @skip(if: true) { __typename }
            """,
            errors: [
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (1, 59), (1, 75)),
                ExpectedError("The directive \"@include\" can only be used once at this location.", (1, 20), (1, 39)),
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (2, 8), (2, 24)),
                ExpectedError("The directive \"@include\" can only be used once at this location.", (3, 7), (3, 26)),
                ExpectedError("The directive \"@skip\" can only be used once at this location.", (5, 21), (5, 37)),
            ],
            source: "graphql-js UniqueDirectivesPerLocationRule-test.ts: duplicate directives in many locations"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(UniqueDirectivesPerLocationRule.self, testCase)
    }
}
