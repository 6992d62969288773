import Testing

@testable import GraphQL

struct ValidatorTests {
    @Test(arguments: cases)
    func reportsWhatGraphQLJSReports(_ testCase: ValidationCase) {
        expectValidation(testCase)
    }

    @Test(arguments: randomCases)
    func reportsWhatGraphQLJSReportsForRandomDocuments(_ testCase: ValidationCase) {
        expectValidation(testCase)
    }

    @Test func stopsAtMaxErrorsWithAnAbortError() {
        expectValidation(Self.tooManyErrors, maxErrors: 3)
    }

    @Test func reportsTheFirstErrorsWhenMaxErrorsIsZero() {
        let testCase = ValidationCase(
            "no room for errors", "{ f0 }",
            errors: [ExpectedError("Too many validation errors, error limit reached. Validation aborted.")],
            source: "graphql-js validate: the check precedes the push")
        expectValidation(testCase, maxErrors: 0)
    }

    @Test func rejectsSubscriptionsWithALocatedValidationError() {
        // docs/api.md: "a subscription operation is refused by validation"; graphql-js
        // validates this document and fails it at execution with the same message.
        let testCase = ValidationCase(
            "subscription", "query Q { __typename }\nsubscription S { user { name } }",
            errors: [ExpectedError("Schema is not configured to execute subscription operation.", (2, 1))],
            source: "ours: KnownOperationTypesRule")
        expectValidation(testCase)
    }
}

/// Runs the public entry point with every rule.
func expectValidation(
    _ testCase: ValidationCase, maxErrors: Int = 100, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let document: Document
    do {
        document = try parse(testCase.document)
    } catch {
        Issue.record("parse failed: \(error.message)", sourceLocation: sourceLocation)
        return
    }
    let errors = validate(schema: TestSchema.schema, document: document, maxErrors: maxErrors)
    #expect(errors.map(ExpectedError.init) == testCase.errors, sourceLocation: sourceLocation)
    #expect(errors.allSatisfy { $0.code == .validationFailed }, sourceLocation: sourceLocation)
}
