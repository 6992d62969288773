import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/ValuesOfCorrectTypeRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct ValuesOfCorrectTypeRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "good int value",
            "{ moment(id: 1) { likes(first: 2) { name } } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good int value"),
        ValidationCase(
            "good negative int value",
            "{ moment(id: 1) { likes(first: -2) { name } } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good negative int value"),
        ValidationCase(
            "good boolean value",
            "{ search(exact: true) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good boolean value"),
        ValidationCase(
            "good string value",
            "{ search(text: \"foo\") { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good string value"),
        ValidationCase(
            "good block string value",
            "{ search(text: \"\"\"foo\"\"\") { id } }",
            source: "ours: block strings are strings"),
        ValidationCase(
            "good float value",
            "{ search(score: 1.1) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good float value"),
        ValidationCase(
            "int into float",
            "{ search(score: 1) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Int into Float"),
        ValidationCase(
            "int into ID",
            "{ user(id: 1) { name } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Int into ID"),
        ValidationCase(
            "string into ID",
            "{ user(id: \"someIdString\") { name } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: String into ID"),
        ValidationCase(
            "good enum value",
            "{ search(type: URL) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good enum value"),
        ValidationCase(
            "null into nullable type",
            "{ search(text: null, type: null, ids: null) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: null into nullable type"),
        ValidationCase(
            "int into string",
            "{ search(text: 1) { id } }",
            errors: [
                ExpectedError("String cannot represent a non string value: 1", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Int into String"),
        ValidationCase(
            "float into string",
            "{ search(text: 1.0) { id } }",
            errors: [
                ExpectedError("String cannot represent a non string value: 1.0", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Float into String"),
        ValidationCase(
            "boolean into string",
            "{ search(text: true) { id } }",
            errors: [
                ExpectedError("String cannot represent a non string value: true", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Boolean into String"),
        ValidationCase(
            "unquoted string into string",
            "{ search(text: BAR) { id } }",
            errors: [
                ExpectedError("String cannot represent a non string value: BAR", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Unquoted String into String"),
        ValidationCase(
            "string into int",
            "{ moment(id: 1) { likes(first: \"3\") { name } } }",
            errors: [
                ExpectedError("Int cannot represent non-integer value: \"3\"", (1, 32)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: String into Int"),
        ValidationCase(
            "big int into int",
            "{ moment(id: 1) { likes(first: 829384293849283498239482938) { name } } }",
            errors: [
                ExpectedError("Int cannot represent non 32-bit signed integer value: 829384293849283498239482938", (1, 32)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Big Int into Int"),
        ValidationCase(
            "int beyond 32 bits into int",
            "{ moment(id: 1) { likes(first: 2147483648) { name } } }",
            errors: [
                ExpectedError("Int cannot represent non 32-bit signed integer value: 2147483648", (1, 32)),
            ],
            source: "ours: Int range edge"),
        ValidationCase(
            "int at 32-bit bounds",
            "{ a: moment(id: 1) { likes(first: 2147483647) { name } } b: moment(id: 1) { likes(first: -2147483648) { name } } }",
            source: "ours: Int range edge"),
        ValidationCase(
            "unquoted string into int",
            "{ moment(id: 1) { likes(first: FOUR) { name } } }",
            errors: [
                ExpectedError("Int cannot represent non-integer value: FOUR", (1, 32)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Unquoted String into Int"),
        ValidationCase(
            "simple float into int",
            "{ moment(id: 1) { likes(first: 3.0) { name } } }",
            errors: [
                ExpectedError("Int cannot represent non-integer value: 3.0", (1, 32)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Simple Float into Int"),
        ValidationCase(
            "float into int",
            "{ moment(id: 1) { likes(first: 3.333) { name } } }",
            errors: [
                ExpectedError("Int cannot represent non-integer value: 3.333", (1, 32)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Float into Int"),
        ValidationCase(
            "string into float",
            "{ search(score: \"3.333\") { id } }",
            errors: [
                ExpectedError("Float cannot represent non numeric value: \"3.333\"", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: String into Float"),
        ValidationCase(
            "boolean into float",
            "{ search(score: true) { id } }",
            errors: [
                ExpectedError("Float cannot represent non numeric value: true", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Boolean into Float"),
        ValidationCase(
            "unquoted into float",
            "{ search(score: FOO) { id } }",
            errors: [
                ExpectedError("Float cannot represent non numeric value: FOO", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Unquoted into Float"),
        ValidationCase(
            "int into boolean",
            "{ search(exact: 2) { id } }",
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: 2", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Int into Boolean"),
        ValidationCase(
            "float into boolean",
            "{ search(exact: 1.0) { id } }",
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: 1.0", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Float into Boolean"),
        ValidationCase(
            "string into boolean",
            "{ search(exact: \"true\") { id } }",
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: \"true\"", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: String into Boolean"),
        ValidationCase(
            "unquoted into boolean",
            "{ search(exact: TRUE) { id } }",
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: TRUE", (1, 17)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Unquoted into Boolean"),
        ValidationCase(
            "float into ID",
            "{ user(id: 1.0) { name } }",
            errors: [
                ExpectedError("ID cannot represent a non-string and non-integer value: 1.0", (1, 12)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Float into ID"),
        ValidationCase(
            "boolean into ID",
            "{ user(id: true) { name } }",
            errors: [
                ExpectedError("ID cannot represent a non-string and non-integer value: true", (1, 12)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Boolean into ID"),
        ValidationCase(
            "unquoted into ID",
            "{ user(id: SOMETHING) { name } }",
            errors: [
                ExpectedError("ID cannot represent a non-string and non-integer value: SOMETHING", (1, 12)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Unquoted into ID"),
        ValidationCase(
            "int into enum",
            "{ search(type: 2) { id } }",
            errors: [
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: 2.", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Int into Enum"),
        ValidationCase(
            "float into enum",
            "{ search(type: 1.0) { id } }",
            errors: [
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: 1.0.", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Float into Enum"),
        ValidationCase(
            "string into enum",
            "{ search(type: \"URL\") { id } }",
            errors: [
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: \"URL\". Did you mean the enum value \"URL\"?", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: String into Enum"),
        ValidationCase(
            "boolean into enum",
            "{ search(type: true) { id } }",
            errors: [
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: true.", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Boolean into Enum"),
        ValidationCase(
            "unknown enum value into enum",
            "{ search(type: JUGGLE) { id } }",
            errors: [
                ExpectedError("Value \"JUGGLE\" does not exist in \"MomentType\" enum.", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Unknown Enum Value into Enum"),
        ValidationCase(
            "different case enum value into enum",
            "{ search(type: url) { id } }",
            errors: [
                ExpectedError("Value \"url\" does not exist in \"MomentType\" enum. Did you mean the enum value \"URL\"?", (1, 16)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Different case Enum Value into Enum"),
        ValidationCase(
            "good list value",
            "{ search(ids: [\"one\", 2]) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Good list value"),
        ValidationCase(
            "empty list value",
            "{ search(ids: []) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Empty list value"),
        ValidationCase(
            "null value into list",
            "{ search(ids: null) { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Null value"),
        ValidationCase(
            "single value into list",
            "{ search(ids: \"one\") { id } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Single value into List"),
        ValidationCase(
            "nested lists",
            "{ search(matrix: [[1, 2], [3], null, 4, [null]]) { id } }",
            source: "ours: list of lists, single-value coercion inside"),
        ValidationCase(
            "incorrect item type",
            "{ search(ids: [\"one\", true]) { id } }",
            errors: [
                ExpectedError("ID cannot represent a non-string and non-integer value: true", (1, 23)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Incorrect item type"),
        ValidationCase(
            "single value of incorrect type",
            "{ search(ids: true) { id } }",
            errors: [
                ExpectedError("ID cannot represent a non-string and non-integer value: true", (1, 15)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Single value of incorrect type"),
        ValidationCase(
            "null into non-null list item",
            "{ search(ids: [null]) { id } }",
            errors: [
                ExpectedError("Expected value of type \"ID!\", found null.", (1, 16)),
            ],
            source: "ours: [ID!] item"),
        ValidationCase(
            "list into a scalar",
            "{ search(text: [\"a\"]) { id } user(id: [1, 2]) { name } }",
            errors: [
                ExpectedError("String cannot represent a non string value: [\"a\"]", (1, 16)),
                ExpectedError("ID cannot represent a non-string and non-integer value: [1, 2]", (1, 39)),
            ],
            source: "ours: a list where no list is expected is one value"),
        ValidationCase(
            "object literal into a scalar",
            "{ search(text: {a: \"x\"}, type: {b: URL}) { id } }",
            errors: [
                ExpectedError("String cannot represent a non string value: {a: \"x\"}", (1, 16)),
                ExpectedError("Enum \"MomentType\" cannot represent non-enum value: {b: URL}.", (1, 32)),
            ],
            source: "ours: no input objects: an object literal is a wrong value"),
        ValidationCase(
            "incorrect value and missing argument",
            "{ moment(id: true) { id } }",
            errors: [
                ExpectedError("ID cannot represent a non-string and non-integer value: true", (1, 14)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Incorrect value and missing argument (ProvidedRequiredArgumentsRule)"),
        ValidationCase(
            "null into non-null argument",
            "{ moment(id: null) { id } }",
            errors: [
                ExpectedError("Expected value of type \"ID!\", found null.", (1, 14)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: Null value into non-null argument"),
        ValidationCase(
            "unknown arguments are not checked",
            "{ search(unknown: true, other: [{a: 1}]) { id } }",
            source: "ours: no input type, nothing to check"),
        ValidationCase(
            "directive arguments with correct types",
            "{ user @include(if: true) @skip(if: false) { name } }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: with directives of valid types"),
        ValidationCase(
            "directive arguments with incorrect types",
            "{ user @include(if: \"yes\") @skip(if: ENUM) { name } }",
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: \"yes\"", (1, 21)),
                ExpectedError("Boolean cannot represent a non boolean value: ENUM", (1, 38)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: with directive with incorrect types"),
        ValidationCase(
            "variables with valid default values",
            "query WithDefaultValues($a: Int = 1, $b: String = \"ok\", $c: [ID!] = [1, \"2\"], $d: MomentType = URL) { __typename }",
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: variables with valid default values"),
        ValidationCase(
            "variables with invalid default values",
            "query InvalidDefaultValues($a: Int = \"one\", $b: String = 4, $c: ID = 1.5, $d: Boolean! = null, $e: [MomentType] = [URL, VIDEO]) { __typename }",
            errors: [
                ExpectedError("Int cannot represent non-integer value: \"one\"", (1, 38)),
                ExpectedError("String cannot represent a non string value: 4", (1, 58)),
                ExpectedError("ID cannot represent a non-string and non-integer value: 1.5", (1, 70)),
                ExpectedError("Expected value of type \"Boolean!\", found null.", (1, 90)),
                ExpectedError("Value \"VIDEO\" does not exist in \"MomentType\" enum.", (1, 121)),
            ],
            source: "graphql-js ValuesOfCorrectTypeRule-test.ts: variables with invalid default values"),
        ValidationCase(
            "string escapes in messages",
            "{ search(exact: \"a\\\"b\\\\c\\nd\") { id } }",
            errors: [
                ExpectedError("Boolean cannot represent a non boolean value: \"a\\\"b\\\\c\\nd\"", (1, 17)),
            ],
            source: "ours: printString escapes in found values"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(ValuesOfCorrectTypeRule.self, testCase)
    }
}
