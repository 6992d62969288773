import Testing

@testable import GraphQL

// Not in graphql-js 16's specifiedRules: graphql-js 17's KnownOperationTypesRule
// (src/validation/__tests__/KnownOperationTypesRule-test.ts) checks the same, and
// graphql-js 16 reports the message below at execution. The contract wants a
// validation error for subscriptions, with a location.
struct KnownOperationTypesRuleTests {
    static let schemaWithoutMutation = Schema(query: TestSchema.query, types: TestSchema.schema.types)

    static let cases: [ValidationCase] = [
        ValidationCase(
            "query and mutation are supported", "query { __typename }\nmutation { __typename }",
            source: "KnownOperationTypesRule-test.ts: one known operation"),
        ValidationCase(
            "shorthand query", "{ __typename }", source: "ours: the query shorthand"),
        ValidationCase(
            "subscription is rejected", "subscription OnLike { user { name } }",
            errors: [ExpectedError("Schema is not configured to execute subscription operation.", (1, 1))],
            source: "graphql-js execute: message of the missing root type"),
        ValidationCase(
            "every subscription is reported", "subscription A { a }\n\nsubscription B { b }",
            errors: [
                ExpectedError("Schema is not configured to execute subscription operation.", (1, 1)),
                ExpectedError("Schema is not configured to execute subscription operation.", (3, 1)),
            ],
            source: "KnownOperationTypesRule-test.ts: multiple unknown operations"),
    ]

    @Test(arguments: cases)
    func reportsMissingRootTypes(_ testCase: ValidationCase) {
        expectErrors(KnownOperationTypesRule.self, testCase)
    }

    @Test func reportsAMutationWhenTheSchemaHasNoMutationRoot() {
        let testCase = ValidationCase(
            "mutation without root", "mutation { __typename }",
            errors: [ExpectedError("Schema is not configured to execute mutation operation.", (1, 1))],
            source: "KnownOperationTypesRule-test.ts: unknown operation")
        expectErrors(KnownOperationTypesRule.self, testCase, schema: Self.schemaWithoutMutation)
    }
}
