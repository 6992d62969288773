import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/NoUnusedVariablesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct NoUnusedVariablesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "uses all variables",
            "query ($a: ID, $b: String, $c: Int) { user(id: $a, name: $b) { name } search(matrix: [[$c]]) { id } }",
            source: "graphql-js NoUnusedVariablesRule-test.ts: uses all variables"),
        ValidationCase(
            "uses all variables in fragments",
            """
            query Foo($a: ID!, $b: Int, $c: String) { ...FragA }
            fragment FragA on Query { moment(id: $a) { ...FragB } }
            fragment FragB on Moment { likes(first: $b) { name } }
            fragment FragC on Query { search(text: $c) { id } }
            query Bar($c: String) { ...FragC }
            """,
            errors: [
                ExpectedError("Variable \"$c\" is never used in operation \"Foo\".", (1, 29)),
            ],
            source: "graphql-js NoUnusedVariablesRule-test.ts: uses all variables in fragments"),
        ValidationCase(
            "variable used by recursive fragment",
            """
            query Foo($a: ID) { ...FragA }
            fragment FragA on Query { user(id: $a) { name } ...FragA }
            """,
            source: "graphql-js NoUnusedVariablesRule-test.ts: variable used by recursive fragment"),
        ValidationCase(
            "variable not used",
            "query ($a: ID, $b: String, $c: Int) { user(id: $a, name: $b) { name } }",
            errors: [
                ExpectedError("Variable \"$c\" is never used.", (1, 28)),
            ],
            source: "graphql-js NoUnusedVariablesRule-test.ts: variable not used"),
        ValidationCase(
            "multiple variables not used",
            "query Foo($a: ID, $b: String, $c: Int) { user(name: $b) { name } }",
            errors: [
                ExpectedError("Variable \"$a\" is never used in operation \"Foo\".", (1, 11)),
                ExpectedError("Variable \"$c\" is never used in operation \"Foo\".", (1, 31)),
            ],
            source: "graphql-js NoUnusedVariablesRule-test.ts: multiple variables not used"),
        ValidationCase(
            "variable not used by unreferenced fragment",
            """
            query Foo($b: Int) { ...FragA }
            fragment FragA on Query { user(id: 1) { name } }
            fragment FragB on Query { search(matrix: [[$b]]) { id } }
            """,
            errors: [
                ExpectedError("Variable \"$b\" is never used in operation \"Foo\".", (1, 11)),
            ],
            source: "graphql-js NoUnusedVariablesRule-test.ts: variable not used by unreferenced fragment"),
        ValidationCase(
            "variable not used by fragment used by other operation",
            """
            query Foo($b: ID) { ...FragA }
            query Bar($a: ID) { ...FragB }
            fragment FragA on Query { user(id: $a) { name } }
            fragment FragB on Query { user(id: $b) { name } }
            """,
            errors: [
                ExpectedError("Variable \"$b\" is never used in operation \"Foo\".", (1, 11)),
                ExpectedError("Variable \"$a\" is never used in operation \"Bar\".", (2, 11)),
            ],
            source: "graphql-js NoUnusedVariablesRule-test.ts: variable not used by fragment used by other operation"),
        ValidationCase(
            "variable with a default but no usage is unused",
            "query Foo($a: ID = 1, $b: Boolean @deprecated(reason: \"x\")) { __typename }",
            errors: [
                ExpectedError("Variable \"$a\" is never used in operation \"Foo\".", (1, 11)),
                ExpectedError("Variable \"$b\" is never used in operation \"Foo\".", (1, 23)),
            ],
            source: "ours: variable definitions are not usages"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(NoUnusedVariablesRule.self, testCase)
    }
}
