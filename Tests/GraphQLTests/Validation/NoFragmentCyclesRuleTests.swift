import Testing

@testable import GraphQL

// Cases adapted from graphql-js src/validation/__tests__/NoFragmentCyclesRule-test.ts (v16) to the
// test schema; expected messages and locations worked out with graphql-core 3.2
// (`validate(schema, parse(doc), [Rule])`), quotes as graphql-js writes them.
struct NoFragmentCyclesRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "single reference is valid",
            """
            fragment fragA on Moment { ...fragB }
            fragment fragB on Moment { title }
            """,
            source: "graphql-js NoFragmentCyclesRule-test.ts: single reference is valid"),
        ValidationCase(
            "spreading twice is not circular",
            """
            fragment fragA on Moment { ...fragB, ...fragB }
            fragment fragB on Moment { title }
            """,
            source: "graphql-js NoFragmentCyclesRule-test.ts: spreading twice is not circular"),
        ValidationCase(
            "spreading twice indirectly is not circular",
            """
            fragment fragA on Moment { ...fragB, ...fragC }
            fragment fragB on Moment { ...fragC }
            fragment fragC on Moment { title }
            """,
            source: "graphql-js NoFragmentCyclesRule-test.ts: spreading twice indirectly is not circular"),
        ValidationCase(
            "double spread within abstract types",
            """
            fragment nameFragment on Moment { title }
            fragment spreadsInAnon on Moment { ... on Moment { ...nameFragment } ... on Moment { ...nameFragment } }
            """,
            source: "graphql-js NoFragmentCyclesRule-test.ts: double spread within abstract types"),
        ValidationCase(
            "does not false positive on unknown fragment",
            "fragment nameFragment on Moment { ...UnknownFragment }",
            source: "graphql-js NoFragmentCyclesRule-test.ts: does not false positive on unknown fragment"),
        ValidationCase(
            "spreading recursively within field fails",
            "fragment fragA on UserDetails { name ...fragA }",
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself.", (1, 38)),
            ],
            source: "ours: self spread at top level"),
        ValidationCase(
            "no spreading itself directly",
            "fragment fragA on Moment { ...fragA }",
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself.", (1, 28)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself directly"),
        ValidationCase(
            "no spreading itself directly within inline fragment",
            "fragment fragA on Moment { ... on Moment { ...fragA } }",
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself.", (1, 44)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself directly within inline fragment"),
        ValidationCase(
            "no spreading itself indirectly",
            """
            fragment fragA on Moment { ...fragB }
            fragment fragB on Moment { ...fragA }
            """,
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself via \"fragB\".", (1, 28), (2, 28)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself indirectly"),
        ValidationCase(
            "no spreading itself indirectly reports opposite order",
            """
            fragment fragB on Moment { ...fragA }
            fragment fragA on Moment { ...fragB }
            """,
            errors: [
                ExpectedError("Cannot spread fragment \"fragB\" within itself via \"fragA\".", (1, 28), (2, 28)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself indirectly reports opposite order"),
        ValidationCase(
            "no spreading itself deeply",
            """
            fragment fragA on Moment { ...fragB }
            fragment fragB on Moment { ...fragC }
            fragment fragC on Moment { ...fragO }
            fragment fragX on Moment { ...fragY }
            fragment fragY on Moment { ...fragZ }
            fragment fragZ on Moment { ...fragO }
            fragment fragO on Moment { ...fragP }
            fragment fragP on Moment { ...fragA, ...fragX }
            """,
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself via \"fragB\", \"fragC\", \"fragO\", \"fragP\".", (1, 28), (2, 28), (3, 28), (7, 28), (8, 28)),
                ExpectedError("Cannot spread fragment \"fragO\" within itself via \"fragP\", \"fragX\", \"fragY\", \"fragZ\".", (7, 28), (8, 38), (4, 28), (5, 28), (6, 28)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself deeply"),
        ValidationCase(
            "no spreading itself deeply two paths",
            """
            fragment fragA on Moment { ...fragB, ...fragC }
            fragment fragB on Moment { ...fragA }
            fragment fragC on Moment { ...fragA }
            """,
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself via \"fragB\".", (1, 28), (2, 28)),
                ExpectedError("Cannot spread fragment \"fragA\" within itself via \"fragC\".", (1, 38), (3, 28)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself deeply two paths"),
        ValidationCase(
            "no spreading itself deeply two paths -- alt traverse order",
            """
            fragment fragA on Moment { ...fragC }
            fragment fragB on Moment { ...fragC }
            fragment fragC on Moment { ...fragA, ...fragB }
            """,
            errors: [
                ExpectedError("Cannot spread fragment \"fragA\" within itself via \"fragC\".", (1, 28), (3, 28)),
                ExpectedError("Cannot spread fragment \"fragC\" within itself via \"fragB\".", (3, 38), (2, 28)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself deeply two paths -- alt traverse order"),
        ValidationCase(
            "no spreading itself deeply and immediately",
            """
            fragment fragA on Moment { ...fragB }
            fragment fragB on Moment { ...fragB, ...fragC }
            fragment fragC on Moment { ...fragA, ...fragB }
            """,
            errors: [
                ExpectedError("Cannot spread fragment \"fragB\" within itself.", (2, 28)),
                ExpectedError("Cannot spread fragment \"fragA\" within itself via \"fragB\", \"fragC\".", (1, 28), (2, 38), (3, 28)),
                ExpectedError("Cannot spread fragment \"fragB\" within itself via \"fragC\".", (2, 38), (3, 38)),
            ],
            source: "graphql-js NoFragmentCyclesRule-test.ts: no spreading itself deeply and immediately"),
    ]

    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectErrors(NoFragmentCyclesRule.self, testCase)
    }
}
