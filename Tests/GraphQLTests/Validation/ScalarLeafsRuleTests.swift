import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/ScalarLeafsRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct ScalarLeafsRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "valid scalar selection",
            "fragment scalarSelection on Moment { title }",
            source: "graphql-js ScalarLeafsRule-test.ts: valid scalar selection"),
        ValidationCase(
            "object type missing selection",
            "query directQueryOnObjectWithoutSubFields { user }",
            errors: [
                ExpectedError("Field \"user\" of type \"UserDetails\" must have a selection of subfields. Did you mean \"user { ... }\"?", (1, 45)),
            ],
            source: "graphql-js ScalarLeafsRule-test.ts: object type missing selection"),
        ValidationCase(
            "list type missing selection",
            "{ getMomentsDetailsByUserID(userID: 1) { moments } }",
            errors: [
                ExpectedError("Field \"moments\" of type \"[Moment!]!\" must have a selection of subfields. Did you mean \"moments { ... }\"?", (1, 42)),
            ],
            source: "ours: list of objects without selection"),
        ValidationCase(
            "valid scalar selection with args",
            "fragment f on MomentsDetails { moments(limit: 3) { id } }",
            source: "graphql-js ScalarLeafsRule-test.ts: valid scalar selection with args"),
        ValidationCase(
            "scalar selection not allowed on Boolean",
            "fragment f on Moment { isLiked { sinceWhen } }",
            errors: [
                ExpectedError("Field \"isLiked\" must not have a selection since type \"Boolean!\" has no subfields.", (1, 32)),
            ],
            source: "graphql-js ScalarLeafsRule-test.ts: scalar selection not allowed on Boolean"),
        ValidationCase(
            "scalar selection not allowed on Enum",
            "fragment f on Moment { type { name } }",
            errors: [
                ExpectedError("Field \"type\" must not have a selection since type \"MomentType!\" has no subfields.", (1, 29)),
            ],
            source: "graphql-js ScalarLeafsRule-test.ts: scalar selection not allowed on Enum"),
        ValidationCase(
            "scalar selection not allowed on list of scalars",
            "fragment f on Moment { photos { length } }",
            errors: [
                ExpectedError("Field \"photos\" must not have a selection since type \"[String!]!\" has no subfields.", (1, 31)),
            ],
            source: "ours: [String!]! has no subfields"),
        ValidationCase(
            "scalar selection not allowed with directives",
            "fragment f on Moment { title @include(if: true) { x } }",
            errors: [
                ExpectedError("Field \"title\" must not have a selection since type \"String\" has no subfields.", (1, 49)),
            ],
            source: "graphql-js ScalarLeafsRule-test.ts: scalar selection not allowed with directives"),
        ValidationCase(
            "typename with selection",
            "{ __typename { name } }",
            errors: [
                ExpectedError("Field \"__typename\" must not have a selection since type \"String!\" has no subfields.", (1, 14)),
            ],
            source: "ours: meta field __typename is a leaf"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(ScalarLeafsRule.self, testCase)
    }
}
