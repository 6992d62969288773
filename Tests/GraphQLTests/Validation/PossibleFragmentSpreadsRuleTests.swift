import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/PossibleFragmentSpreadsRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct PossibleFragmentSpreadsRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "of the same object",
            """
            fragment objectWithinObject on Moment { ...momentFragment }
            fragment momentFragment on Moment { title }
            """,
            source: "graphql-js PossibleFragmentSpreadsRule-test.ts: of the same object"),
        ValidationCase(
            "of the same object with inline fragment",
            "fragment f on Moment { ... on Moment { title } }",
            source: "graphql-js PossibleFragmentSpreadsRule-test.ts: of the same object with inline fragment"),
        ValidationCase(
            "inline fragment without type",
            "fragment f on Moment { ... { title } }",
            source: "ours: no type condition"),
        ValidationCase(
            "unknown fragment or type is ignored",
            """
            fragment f on Moment { ...unknown ... on Unknown { x } }
            fragment g on Moment { ...h }
            fragment h on Unknown { x }
            """,
            source: "graphql-js PossibleFragmentSpreadsRule-test.ts: ignores incorrect type (caught by FragmentsOnCompositeTypesRule)"),
        ValidationCase(
            "different object into object",
            """
            fragment invalidObjectWithinObject on Moment { ...userFragment }
            fragment userFragment on UserDetails { name }
            """,
            errors: [
                ExpectedError("Fragment \"userFragment\" cannot be spread here as objects of type \"Moment\" can never be of type \"UserDetails\".", (1, 48)),
            ],
            source: "graphql-js PossibleFragmentSpreadsRule-test.ts: different object into object"),
        ValidationCase(
            "different object into object in inline fragment",
            "fragment invalidObjectWithinObjectAnon on Moment { ... on UserDetails { name } }",
            errors: [
                ExpectedError("Fragment cannot be spread here as objects of type \"Moment\" can never be of type \"UserDetails\".", (1, 52)),
            ],
            source: "graphql-js PossibleFragmentSpreadsRule-test.ts: different object into object in inline fragment"),
        ValidationCase(
            "named fragment on a scalar",
            """
            fragment f on Moment { ...s }
            fragment s on String { x }
            """,
            source: "ours: getFragmentType ignores non-composite types"),
        ValidationCase(
            "inline fragment on a scalar is not checked",
            "fragment f on Moment { ... on String { x } }",
            source: "ours: isCompositeType guards inline fragments"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(PossibleFragmentSpreadsRule.self, testCase)
    }
}
