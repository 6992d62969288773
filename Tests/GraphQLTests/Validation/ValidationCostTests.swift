import JSON
import Testing

@testable import GraphQL

/// The validation cost budget (`GraphQLLimits.maxValidationCost`): documents
/// whose validation work grows faster than their size, each within the
/// default parse limits (100 KB, 10,000 tokens), are refused with one error
/// once their cost passes the budget, instead of validating for seconds.
struct ValidationCostTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        var testDescription: String { name }
    }

    static func repeated(_ count: Int, _ item: (Int) -> String) -> String { (0..<count).map(item).joined() }

    /// Each is quadratic in its size for one rule or another.
    static let superlinear: [Case] = [
        Case(
            name: "operations x variable usages in a shared fragment (the variable rules)",
            document: repeated(400) { "query Q\($0)($v: ID) { ...F }\n" }
                + "fragment F on Query { " + repeated(400) { "a\($0): user(id: $v) { id } " } + "}"),
        Case(
            name: "operations x a chain of fragments (NoUnusedFragmentsRule, the variable rules)",
            document: repeated(600) { "query Q\($0) { ...F0 }\n" }
                + repeated(600) { "fragment F\($0) on Query { ...F\($0 + 1) }\n" } + "fragment F600 on Query { __typename }"),
        Case(
            name: "fields of one name with different sub-selections (overlap)",
            document: "{ " + repeated(1_200) { "x: user { a\($0): name } " } + "}"),
        Case(
            name: "different fragments spread side by side (overlap)",
            document: "{ " + repeated(650) { "...F\($0) " } + "}\n"
                + repeated(650) { "fragment F\($0) on Query { a\($0): user { name } }\n" }),
        Case(
            name: "fragments spreading a fragment, side by side (overlap)",
            document: "{ " + repeated(950) { "...F\($0) " } + "}\nfragment G on Query { __typename }\n"
                + repeated(950) { "fragment F\($0) on Query { ...G }\n" }),
    ]

    static let tooComplex = "The document is too complex to validate (validation cost over 100000)."

    @Test(arguments: superlinear)
    func refusesWithOneErrorPastTheBudget(_ testCase: Case) throws {
        let document = try parse(testCase.document)
        let result = validateMeasuringCost(schema: TestSchema.schema, document: document)
        #expect(result.errors == [GraphQLError(Self.tooComplex, code: .validationFailed)])
        // Stopped at the budget, not after finishing the work.
        #expect(result.cost <= GraphQLLimits.defaultMaxValidationCost + 10_000)
    }

    /// The app's documents (docs/api.md) spend nothing that can repeat.
    @Test func theAppsDocumentsUseUnderOnePercent() throws {
        for testCase in ValidatorTests.cases.prefix(2) {
            let result = validateMeasuringCost(schema: TestSchema.schema, document: try parse(testCase.document))
            #expect(result.errors.isEmpty)
            #expect(result.cost < GraphQLLimits.defaultMaxValidationCost / 100, "\(testCase.name): \(result.cost)")
        }
    }

    /// The large valid documents of LargeDocumentTests stay well within it.
    @Test(arguments: LargeDocumentTests.cases)
    func largeValidDocumentsStayWithinAQuarter(_ testCase: LargeDocumentTests.Case) throws {
        let result = validateMeasuringCost(schema: TestSchema.schema, document: try parse(testCase.document))
        #expect(result.errors.isEmpty)
        #expect(result.cost < GraphQLLimits.defaultMaxValidationCost / 4, "\(testCase.name): \(result.cost)")
    }

    /// The limit is the engine's: configurable, and what the client sees.
    @Test func theEngineAnswersWithTheBudgetItWasGiven() {
        let query = "{ " + String(repeating: "u: user(id: \"1\") { id } ", count: 30) + "}"
        let tight = ExecutionTestSchema.engine(limits: GraphQLLimits(maxValidationCost: 50))
        #expect(
            ExecutionTestSchema.run(query, engine: tight)
                == #"{"errors":[{"message":"The document is too complex to validate (validation cost over 50).","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
        )
        let roomy = ExecutionTestSchema.engine(limits: GraphQLLimits(maxValidationCost: 5_000))
        #expect(ExecutionTestSchema.run(query, engine: roomy).hasPrefix(#"{"data":{"u":{"id":"1"}}}"#))
    }

    /// Errors found before the budget ran out are dropped: only the one error remains.
    @Test func earlierErrorsGiveWayToTheOneError() throws {
        let document = try parse("{ nope " + String(repeating: "x: user { a: name } x: user { b: name } ", count: 20) + "}")
        let errors = validate(schema: TestSchema.schema, document: document, maxCost: 20)
        #expect(errors == [GraphQLError("The document is too complex to validate (validation cost over 20).", code: .validationFailed)])
        #expect(validate(schema: TestSchema.schema, document: document).first?.message == #"Cannot query field "nope" on type "Query"."#)
    }

    /// Hostile documents of up to 100 KB: each answer stays small, and so
    /// does what validation keeps (the errors), which is what used to take
    /// 1.6 GB for the 19 KB conflicting document. (Errors that echo long
    /// names: RequestErrorBoundsTests.)
    @Test(arguments: superlinear + [
        Case(name: "1,600 x 1,600 conflicting fields", document: OverlappingFieldsBoundsTests.conflicting(1_600)),
    ])
    func hostileDocumentsGetSmallAnswers(_ testCase: Case) {
        #expect(testCase.document.utf8.count <= 100_000)
        let response = GraphQLEngine(schema: TestSchema.schema).execute(query: testCase.document)
        #expect(!response.hasData)
        #expect(response.body.count < 64 * 1_024)
        let kept = response.errors.reduce(0) { $0 + $1.message.utf8.count + 16 * $1.locations.count }
        #expect(kept < 1_024 * 1_024)
    }
}
