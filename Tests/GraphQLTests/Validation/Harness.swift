import Testing

@testable import GraphQL

/// One error as a user sees it: the message and `line:column` locations.
struct ExpectedError: Sendable, Equatable, CustomStringConvertible {
    var message: String
    var locations: [Location]

    struct Location: Sendable, Equatable {
        var line: Int
        var column: Int
    }

    init(_ message: String, _ locations: (Int, Int)...) {
        self.message = message
        self.locations = locations.map { Location(line: $0.0, column: $0.1) }
    }

    init(_ error: GraphQLError) {
        message = error.message
        locations = error.locations.map { Location(line: $0.line, column: $0.column) }
    }

    var description: String {
        message + " @ " + locations.map { "\($0.line):\($0.column)" }.joined(separator: ", ")
    }
}

/// A document and the errors a rule must report for it, in order; `source`
/// says where the case comes from.
struct ValidationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var document: String
    var errors: [ExpectedError]
    var source: String

    init(_ name: String, _ document: String, errors: [ExpectedError] = [], source: String) {
        self.name = name
        self.document = document
        self.errors = errors
        self.source = source
    }

    var testDescription: String { name }
}

/// Parses `testCase.document`, runs only `rule` against `schema`, and
/// expects exactly `testCase.errors`, all with code GRAPHQL_VALIDATION_FAILED.
func expectErrors(
    _ rule: any ValidationRule.Type, _ testCase: ValidationCase, schema: Schema = TestSchema.schema,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    expectErrors(rules: [rule], testCase, schema: schema, sourceLocation: sourceLocation)
}

func expectErrors(
    rules: [any ValidationRule.Type], _ testCase: ValidationCase, schema: Schema = TestSchema.schema,
    maxErrors: Int = 100, sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let document: Document
    do {
        document = try parse(testCase.document)
    } catch {
        Issue.record("parse failed: \(error.message)", sourceLocation: sourceLocation)
        return
    }
    let errors = validate(schema: schema, document: document, rules: rules, maxErrors: maxErrors)
    #expect(errors.map(ExpectedError.init) == testCase.errors, sourceLocation: sourceLocation)
    #expect(errors.allSatisfy { $0.code == .validationFailed }, sourceLocation: sourceLocation)
}
