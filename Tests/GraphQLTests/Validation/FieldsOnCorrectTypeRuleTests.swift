import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/FieldsOnCorrectTypeRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct FieldsOnCorrectTypeRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "object field selection",
            "fragment f on Moment { __typename title }",
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Object field selection"),
        ValidationCase(
            "aliased object field selection",
            "fragment f on Moment { tit: title }",
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Aliased object field selection"),
        ValidationCase(
            "meta fields on the query root",
            "{ __typename }",
            source: "ours: meta fields are known"),
        ValidationCase(
            "field not defined on fragment",
            "fragment f on Moment { meowVolume }",
            errors: [
                ExpectedError("Cannot query field \"meowVolume\" on type \"Moment\".", (1, 24)),
            ],
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Field not defined on fragment"),
        ValidationCase(
            "ignores deeply unknown field",
            """
            fragment f on Moment {
              unknown_field {
                deeper_unknown_field
              }
            }
            """,
            errors: [
                ExpectedError("Cannot query field \"unknown_field\" on type \"Moment\".", (2, 3)),
            ],
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Ignores deeply unknown field"),
        ValidationCase(
            "sub-field not defined",
            "fragment f on MomentsDetails { userDetails { unknown_field } }",
            errors: [
                ExpectedError("Cannot query field \"unknown_field\" on type \"UserDetails\".", (1, 46)),
            ],
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Sub-field not defined"),
        ValidationCase(
            "field not defined on inline fragment",
            "fragment f on Moment { ... on Moment { meowVolume } }",
            errors: [
                ExpectedError("Cannot query field \"meowVolume\" on type \"Moment\".", (1, 40)),
            ],
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Field not defined on inline fragment"),
        ValidationCase(
            "aliased field target not defined",
            "fragment f on Moment { volume : mooVolume }",
            errors: [
                ExpectedError("Cannot query field \"mooVolume\" on type \"Moment\".", (1, 24)),
            ],
            source: "graphql-js FieldsOnCorrectTypeRule-test.ts: Aliased field target not defined"),
        ValidationCase(
            "suggests similar fields",
            "fragment f on Moment { titel urll isliked }",
            errors: [
                ExpectedError("Cannot query field \"titel\" on type \"Moment\". Did you mean \"title\", \"likes\", or \"type\"?", (1, 24)),
                ExpectedError("Cannot query field \"urll\" on type \"Moment\". Did you mean \"url\"?", (1, 30)),
                ExpectedError("Cannot query field \"isliked\" on type \"Moment\". Did you mean \"isLiked\" or \"likes\"?", (1, 35)),
            ],
            source: "ours: did you mean, including a change of case"),
        ValidationCase(
            "many suggestions are cut at five",
            "fragment f on UserDetails { a }",
            errors: [
                ExpectedError("Cannot query field \"a\" on type \"UserDetails\".", (1, 29)),
            ],
            source: "ours: didYouMean shows at most five"),
        ValidationCase(
            "__schema is only on the query root",
            "fragment f on Moment { __schema { types { name } } }",
            errors: [
                ExpectedError("Cannot query field \"__schema\" on type \"Moment\".", (1, 24)),
            ],
            source: "ours: meta fields of the query root"),
        ValidationCase(
            "typo in a root field",
            "{ getMomentDetailsByUserID(userID: 1) { __typename } }",
            errors: [
                ExpectedError("Cannot query field \"getMomentDetailsByUserID\" on type \"Query\". Did you mean \"getMomentsDetailsByUserID\"?", (1, 3)),
            ],
            source: "ours: contract root field misspelled"),
        ValidationCase(
            "mutation root field",
            "mutation { updateMomentLikes(momentID: 1) { __typename } }",
            errors: [
                ExpectedError("Cannot query field \"updateMomentLikes\" on type \"Mutation\". Did you mean \"updateMomentLike\"?", (1, 12)),
            ],
            source: "ours: mutation root"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(FieldsOnCorrectTypeRule.self, testCase)
    }
}
