import Testing

@testable import GraphQL

// graphql-js src/validation/__tests__/SingleFieldSubscriptionsRule-test.ts needs a
// schema with a subscription root; `Schema` cannot have one, so, like graphql-js
// without a subscription type, the rule reports nothing and KnownOperationTypesRule
// rejects the operation instead (see KnownOperationTypesRuleTests).
struct SingleFieldSubscriptionsRuleTests {
    static let cases: [ValidationCase] = [
        ValidationCase(
            "several root fields", "subscription S { a b }",
            source: "SingleFieldSubscriptionsRule-test.ts: fails with many more than one root field"),
        ValidationCase(
            "introspection root field", "subscription { __typename }",
            source: "SingleFieldSubscriptionsRule-test.ts: fails with introspection field"),
    ]

    @Test(arguments: cases)
    func reportsNothingWithoutASubscriptionRoot(_ testCase: ValidationCase) {
        expectErrors(SingleFieldSubscriptionsRule.self, testCase)
    }
}
