import Testing

@testable import GraphQL

/// Documents at the parser's default token limit (10,000) that stress the
/// quadratic corners of validation: many fields with one response name, many
/// fragments spread side by side, and a long chain of fragments. They must
/// validate (graphql-js caches compared fragment pairs and per-selection-set
/// fields; so do we) without errors and without exhausting the stack.
struct LargeDocumentTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var document: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "3,000 identical aliased fields",
            document: "{ " + String(repeating: "a: __typename ", count: 3_000) + "}"),
        Case(
            name: "1,600 identical fields with sub-selections",
            document: "{ " + String(repeating: "user { name } ", count: 1_600) + "}"),
        Case(
            name: "700 fragments spread side by side",
            document: "{ " + (0..<700).map { "...F\($0) " }.joined() + "}\n"
                + (0..<700).map { "fragment F\($0) on Query { user { name } }\n" }.joined()),
        Case(
            name: "a chain of 1,000 fragments",
            document: "{ ...F0 }\n"
                + (0..<1_000).map { "fragment F\($0) on Query { __typename ...F\($0 + 1) }\n" }.joined()
                + "fragment F1000 on Query { __typename }"),
    ]

    /// 1,000 fields alternating between two that conflict: 250,000 conflicting
    /// pairs, of which only the first 100 can be reported.
    @Test func stopsLookingForConflictsPastTheErrorCap() throws {
        let document = try parse("{ user { " + String(repeating: "a: name a: id ", count: 500) + "} }")
        let errors = validate(schema: TestSchema.schema, document: document)
        #expect(errors.count == 101)
        #expect(
            errors.first?.message
                == "Fields \"a\" conflict because \"name\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        )
        #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
    }

    @Test(arguments: cases)
    func validatesWithoutErrors(_ testCase: Case) throws {
        let document = try parse(testCase.document)
        let clock = ContinuousClock()
        var errors: [GraphQLError] = []
        let elapsed = clock.measure { errors = validate(schema: TestSchema.schema, document: document) }
        print("\(testCase.name): \(elapsed)")
        #expect(errors.isEmpty)
    }
}

/// Fragment cycles through fields send graphql-js 16 / graphql-core 3.2's
/// OverlappingFieldsCanBeMergedRule into unbounded recursion (RangeError /
/// RecursionError). Here they must terminate; the other rules report the cycle.
struct RecursiveFragmentTests {
    @Test func cycleThroughNestedFieldsTerminates() {
        let testCase = ValidationCase(
            "cycle through fields",
            "fragment F on MomentsDetails { x: moments { x: likes { ...F } ...F } }",
            errors: [
                // NoFragmentCyclesRule, as graphql-core reports it run alone.
                ExpectedError("Cannot spread fragment \"F\" within itself.", (1, 63)),
                ExpectedError("Cannot spread fragment \"F\" within itself.", (1, 56)),
            ],
            source: "ours: graphql-core 3.2 raises RecursionError on this document")
        expectErrors(rules: [NoFragmentCyclesRule.self, OverlappingFieldsCanBeMergedRule.self], testCase)
    }
}
