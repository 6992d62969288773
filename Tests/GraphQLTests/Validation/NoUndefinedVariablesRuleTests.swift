import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/NoUndefinedVariablesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct NoUndefinedVariablesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "all variables defined",
            "query Foo($a: ID, $b: ID, $c: ID) { a: user(id: $a) { b: user_(id: $b) } c: moment(id: $c) { id } }",
            source: "graphql-js NoUndefinedVariablesRule-test.ts: all variables defined"),
        ValidationCase(
            "all variables deeply defined",
            "query Foo($a: ID!, $b: Int) { moment(id: $a) { likes(first: $b) { name } } }",
            source: "graphql-js NoUndefinedVariablesRule-test.ts: all variables deeply defined"),
        ValidationCase(
            "all variables deeply in inline fragments defined",
            "query Foo($a: ID!, $b: Int) { ... on Query { moment(id: $a) { ... on Moment { likes(first: $b) { name } } } } }",
            source: "graphql-js NoUndefinedVariablesRule-test.ts: all variables deeply in inline fragments defined"),
        ValidationCase(
            "all variables in fragments deeply defined",
            """
            query Foo($a: ID!, $b: Int, $c: ID) { ...FragA }
            fragment FragA on Query { moment(id: $a) { ...FragB } }
            fragment FragB on Moment { likes(first: $b) { ...FragC } }
            fragment FragC on UserDetails { name }
            fragment Unused on Query { user(id: $c) { name } }
            """,
            source: "graphql-js NoUndefinedVariablesRule-test.ts: all variables in fragments deeply defined"),
        ValidationCase(
            "variable within single fragment defined in multiple operations",
            """
            query Foo($a: ID!) { ...FragA }
            query Bar($a: ID!) { ...FragA }
            fragment FragA on Query { moment(id: $a) { id } }
            """,
            source: "graphql-js NoUndefinedVariablesRule-test.ts: variable within single fragment defined in multiple operations"),
        ValidationCase(
            "variable within recursive fragment defined",
            """
            query Foo($a: ID) { ...FragA }
            fragment FragA on Query { user(id: $a) { name } ...FragA }
            """,
            source: "graphql-js NoUndefinedVariablesRule-test.ts: variable within recursive fragment defined"),
        ValidationCase(
            "variable not defined",
            "query Foo($a: ID, $b: ID, $c: ID) { user(id: $a, name: $d) { name } x: user(id: $b) { id } y: user(id: $c) { id } }",
            errors: [
                ExpectedError("Variable \"$d\" is not defined by operation \"Foo\".", (1, 56), (1, 1)),
            ],
            source: "graphql-js NoUndefinedVariablesRule-test.ts: variable not defined"),
        ValidationCase(
            "variable not defined by un-named query",
            "{ user(id: $a) { name } }",
            errors: [
                ExpectedError("Variable \"$a\" is not defined.", (1, 12), (1, 1)),
            ],
            source: "graphql-js NoUndefinedVariablesRule-test.ts: variable not defined by un-named query"),
        ValidationCase(
            "multiple variables not defined",
            "query Foo($b: ID) { user(id: $a, name: $c) { name } x: user(id: $b) { id } }",
            errors: [
                ExpectedError("Variable \"$a\" is not defined by operation \"Foo\".", (1, 30), (1, 1)),
                ExpectedError("Variable \"$c\" is not defined by operation \"Foo\".", (1, 40), (1, 1)),
            ],
            source: "graphql-js NoUndefinedVariablesRule-test.ts: multiple variables not defined"),
        ValidationCase(
            "variable in fragment not defined by un-named query",
            """
            { ...FragA }
            fragment FragA on Query { user(id: $a) { name } }
            """,
            errors: [
                ExpectedError("Variable \"$a\" is not defined.", (2, 36), (1, 1)),
            ],
            source: "graphql-js NoUndefinedVariablesRule-test.ts: variable in fragment not defined by un-named query"),
        ValidationCase(
            "variable in fragment not defined by operation",
            """
            query Foo($a: ID!, $b: Int) { ...FragA }
            fragment FragA on Query { moment(id: $a) { ...FragB } }
            fragment FragB on Moment { likes(first: $b) { ...FragC } }
            fragment FragC on UserDetails { ...FragD }
            fragment FragD on UserDetails { __typename }
            fragment FragE on Query { user(id: $c) { name } }
            query Bar { ...FragE }
            """,
            errors: [
                ExpectedError("Variable \"$c\" is not defined by operation \"Bar\".", (6, 36), (7, 1)),
            ],
            source: "graphql-js NoUndefinedVariablesRule-test.ts: variable in fragment not defined by operation"),
        ValidationCase(
            "multiple undefined variables produce multiple errors",
            """
            query Foo($b: ID) { ...FragAB }
            query Bar($a: ID) { ...FragAB }
            fragment FragAB on Query { user(id: $a, name: $b) { name } x: user(id: $c) { id } }
            """,
            errors: [
                ExpectedError("Variable \"$a\" is not defined by operation \"Foo\".", (3, 37), (1, 1)),
                ExpectedError("Variable \"$c\" is not defined by operation \"Foo\".", (3, 72), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Bar\".", (3, 47), (2, 1)),
                ExpectedError("Variable \"$c\" is not defined by operation \"Bar\".", (3, 72), (2, 1)),
            ],
            source: "graphql-js NoUndefinedVariablesRule-test.ts: multiple undefined variables produce multiple errors"),
        ValidationCase(
            "variables in directives and lists",
            "query Foo { user(id: 1) @include(if: $cond) { name } search(ids: [$a, 2, $b]) { id } }",
            errors: [
                ExpectedError("Variable \"$cond\" is not defined by operation \"Foo\".", (1, 38), (1, 1)),
                ExpectedError("Variable \"$a\" is not defined by operation \"Foo\".", (1, 67), (1, 1)),
                ExpectedError("Variable \"$b\" is not defined by operation \"Foo\".", (1, 74), (1, 1)),
            ],
            source: "ours: usages in directives and list items"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(NoUndefinedVariablesRule.self, testCase)
    }
}
