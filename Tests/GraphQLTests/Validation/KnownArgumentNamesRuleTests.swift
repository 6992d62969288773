import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/KnownArgumentNamesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct KnownArgumentNamesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "single arg is known",
            "fragment f on Query { user(id: 1) { name } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: single arg is known"),
        ValidationCase(
            "multiple args are known",
            "fragment f on Query { search(text: \"a\", score: 1.5) { id } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: multiple args are known"),
        ValidationCase(
            "ignores args of unknown fields",
            "fragment f on Query { unknown(unknownArg: true) { id } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: ignores args of unknown fields"),
        ValidationCase(
            "multiple args in reverse order are known",
            "fragment f on Query { search(score: 1.5, text: \"a\") { id } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: multiple args in reverse order are known"),
        ValidationCase(
            "no args on optional arg",
            "fragment f on Query { search { id } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: no args on optional arg"),
        ValidationCase(
            "args are known deeply",
            "{ moment(id: 1) { likes(first: 1) { name } } search(text: \"a\") { ... on Moment { likes(after: 2) { name } } } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: args are known deeply"),
        ValidationCase(
            "directive args are known",
            "{ user(id: 1) @skip(if: true) { name } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: directive args are known"),
        ValidationCase(
            "field args are invalid",
            "{ user(id: 1) @skip(unless: true) { name } }",
            errors: [
                ExpectedError("Unknown argument \"unless\" on directive \"@skip\".", (1, 21)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: field args are invalid"),
        ValidationCase(
            "directive without args is valid",
            "{ user(id: 1) @deprecated { name } }",
            source: "graphql-js KnownArgumentNamesRule-test.ts: directive without args is valid"),
        ValidationCase(
            "arg passed to directive without arg is reported",
            "fragment f on Query { __typename @specifiedBy(if: true) }",
            errors: [
                ExpectedError("Unknown argument \"if\" on directive \"@specifiedBy\".", (1, 47)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: arg passed to directive without arg is reported"),
        ValidationCase(
            "misspelled directive args are reported",
            "{ user(id: 1) @skip(iff: true) { name } }",
            errors: [
                ExpectedError("Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"?", (1, 21)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: misspelled directive args are reported"),
        ValidationCase(
            "invalid arg name",
            "fragment invalidArgName on Query { user(unknown: true) { name } }",
            errors: [
                ExpectedError("Unknown argument \"unknown\" on field \"Query.user\".", (1, 41)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: invalid arg name"),
        ValidationCase(
            "misspelled arg name is reported",
            "fragment invalidArgName on Query { user(Id: 1) { name } }",
            errors: [
                ExpectedError("Unknown argument \"Id\" on field \"Query.user\". Did you mean \"id\"?", (1, 41)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: misspelled arg name is reported"),
        ValidationCase(
            "unknown args amongst known args",
            "fragment oneGoodArgOneInvalidArg on Query { search(whoKnows: 1, text: \"a\", unknown: true) { id } }",
            errors: [
                ExpectedError("Unknown argument \"whoKnows\" on field \"Query.search\".", (1, 52)),
                ExpectedError("Unknown argument \"unknown\" on field \"Query.search\".", (1, 76)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: unknown args amongst known args"),
        ValidationCase(
            "unknown args deeply",
            "{ moment(id: 1) { likes(unknown: true) { name } } search { ... on Moment { likes(frist: 1) { name } } } }",
            errors: [
                ExpectedError("Unknown argument \"unknown\" on field \"Moment.likes\".", (1, 25)),
                ExpectedError("Unknown argument \"frist\" on field \"Moment.likes\". Did you mean \"first\"?", (1, 82)),
            ],
            source: "graphql-js KnownArgumentNamesRule-test.ts: unknown args deeply"),
        ValidationCase(
            "arguments of an unknown directive are not checked",
            "{ user(id: 1) @unknown(if: true, x: 1) { name } }",
            source: "ours: graphql-js skips the arguments of every directive"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(KnownArgumentNamesRule.self, testCase)
    }
}
