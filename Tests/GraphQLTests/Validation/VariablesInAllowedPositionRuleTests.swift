import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/VariablesInAllowedPositionRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct VariablesInAllowedPositionRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "Boolean => Boolean",
            "query Query($b: Boolean) { search(exact: $b) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Boolean => Boolean"),
        ValidationCase(
            "Boolean => Boolean within fragment",
            """
            fragment F on Query { search(exact: $b) { id } }
            query Query($b: Boolean) { ...F }
            """,
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Boolean => Boolean within fragment"),
        ValidationCase(
            "Boolean! => Boolean",
            "query Query($b: Boolean!) { search(exact: $b) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Boolean! => Boolean"),
        ValidationCase(
            "Boolean! => Boolean within fragment",
            """
            fragment F on Query { search(exact: $b) { id } }
            query Query($b: Boolean!) { ...F }
            """,
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Boolean! => Boolean within fragment"),
        ValidationCase(
            "[String] => [String]",
            "query Query($ids: [ID!]) { search(ids: $ids) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: [String] => [String]"),
        ValidationCase(
            "[String!] => [String]",
            "query Query($m: [[Int]!]) { search(matrix: $m) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: [String!] => [String]"),
        ValidationCase(
            "String => [String] in item position",
            "query Query($i: ID!) { search(ids: [$i]) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: String => [String] in item position"),
        ValidationCase(
            "String! => [String] in item position",
            "query Query($i: Int) { search(matrix: [[$i]]) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: String! => [String] in item position"),
        ValidationCase(
            "Int => Int! with non-null default value",
            "query Query($id: ID = 1) { moment(id: $id) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Int => Int! with non-null default value"),
        ValidationCase(
            "Int => Int! when field has default",
            "query Query($name: String) { user(name: $name) { id } }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Int => Int! when argument has default value"),
        ValidationCase(
            "Boolean => Boolean! in directive with default",
            "query Query($b: Boolean = true) { __typename @include(if: $b) }",
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Boolean => Boolean! in directive with default"),
        ValidationCase(
            "Int => Int!",
            "query Query($id: ID) { moment(id: $id) { id } }",
            errors: [
                ExpectedError("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", (1, 13), (1, 35)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Int => Int!"),
        ValidationCase(
            "Int => Int! within fragment",
            """
            fragment F on Query { moment(id: $id) { id } }
            query Query($id: ID) { ...F }
            """,
            errors: [
                ExpectedError("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", (2, 13), (1, 34)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Int => Int! within fragment"),
        ValidationCase(
            "Int => Int! within nested fragment",
            """
            fragment A on Query { ...B }
            fragment B on Query { moment(id: $id) { id } }
            query Query($id: ID) { ...A }
            """,
            errors: [
                ExpectedError("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", (3, 13), (2, 34)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Int => Int! within nested fragment"),
        ValidationCase(
            "String over Boolean",
            "query Query($s: String) { search(exact: $s) { id } }",
            errors: [
                ExpectedError("Variable \"$s\" of type \"String\" used in position expecting type \"Boolean\".", (1, 13), (1, 41)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: String over Boolean"),
        ValidationCase(
            "String => [String]",
            "query Query($s: ID) { search(ids: $s) { id } }",
            errors: [
                ExpectedError("Variable \"$s\" of type \"ID\" used in position expecting type \"[ID!]\".", (1, 13), (1, 35)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: String => [String]"),
        ValidationCase(
            "Boolean => Boolean! in directive",
            "query Query($b: Boolean) { __typename @include(if: $b) }",
            errors: [
                ExpectedError("Variable \"$b\" of type \"Boolean\" used in position expecting type \"Boolean!\".", (1, 13), (1, 52)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Boolean => Boolean! in directive"),
        ValidationCase(
            "String => Boolean! in directive",
            "query Query($s: String) { __typename @include(if: $s) }",
            errors: [
                ExpectedError("Variable \"$s\" of type \"String\" used in position expecting type \"Boolean!\".", (1, 13), (1, 51)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: String => Boolean! in directive"),
        ValidationCase(
            "[String] => [String!]",
            "query Query($ids: [ID]) { search(ids: $ids) { id } }",
            errors: [
                ExpectedError("Variable \"$ids\" of type \"[ID]\" used in position expecting type \"[ID!]\".", (1, 13), (1, 39)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: [String] => [String!]"),
        ValidationCase(
            "Int => Int! with null default value fails",
            "query Query($id: ID = null) { moment(id: $id) { id } }",
            errors: [
                ExpectedError("Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".", (1, 13), (1, 42)),
            ],
            source: "graphql-js VariablesInAllowedPositionRule-test.ts: Int => Int! fails when variable provides null default value"),
        ValidationCase(
            "ID => ID! in a mutation",
            "mutation M($m: ID, $u: ID!, $l: Boolean!) { updateMomentLike(momentID: $m, userID: $u, isLiked: $l) { __typename } }",
            errors: [
                ExpectedError("Variable \"$m\" of type \"ID\" used in position expecting type \"ID!\".", (1, 12), (1, 72)),
            ],
            source: "ours: contract mutation"),
        ValidationCase(
            "undefined and unknown variables are ignored",
            "query Q($x: Unknown) { moment(id: $x) { id } search(ids: $y) { id } }",
            source: "ours: no variable type, nothing to compare"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(VariablesInAllowedPositionRule.self, testCase)
    }
}
