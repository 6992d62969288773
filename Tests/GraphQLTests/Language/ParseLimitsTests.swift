import Testing

@testable import GraphQL

/// A document that must hit a bound of `ParseLimits` and fail with one clear
/// error, quickly, whatever its size (never a crash or a stack overflow).
struct LimitCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var limits: ParseLimits
    var message: String
    var line: Int
    var column: Int
    var testDescription: String { name }
}

private let depthMessage = "Syntax Error: Document nesting exceeds the maximum depth of 64. Parsing aborted."
private let roomy = ParseLimits(maxDocumentBytes: 1_000_000, maxTokens: 1_000_000)

struct ParseLimitsTests {
    static let cases: [LimitCase] = [
        LimitCase(
            name: "100,000 opening braces", source: String(repeating: "{", count: 100_000), limits: ParseLimits(),
            message: "Syntax Error: Expected Name, found \"{\".", line: 1, column: 2),
        LimitCase(
            name: "100,000 nested selection sets", source: String(repeating: "{a", count: 100_000), limits: roomy,
            message: depthMessage, line: 1, column: 129),
        LimitCase(
            name: "65 nested selection sets", source: "{" + String(repeating: "a{", count: 64) + "a" + String(repeating: "}", count: 65),
            limits: ParseLimits(), message: depthMessage, line: 1, column: 129),
        LimitCase(
            name: "100,000 nested lists in a value", source: "{ a(x: " + String(repeating: "[", count: 100_000),
            limits: roomy, message: depthMessage, line: 1, column: 71),
        LimitCase(
            name: "100,000 nested objects in a value", source: "{ a(x: " + String(repeating: "{a:", count: 100_000),
            limits: roomy, message: depthMessage, line: 1, column: 197),
        LimitCase(
            name: "100,000 nested list types", source: "query ($a: " + String(repeating: "[", count: 100_000),
            limits: roomy, message: depthMessage, line: 1, column: 76),
        LimitCase(
            name: "nested lists in a default value", source: "query ($a: Int = " + String(repeating: "[", count: 70),
            limits: ParseLimits(), message: depthMessage, line: 1, column: 82),
        LimitCase(
            name: "deep depth limit of 2", source: "{ a { b { c } } }", limits: ParseLimits(maxDepth: 2),
            message: "Syntax Error: Document nesting exceeds the maximum depth of 2. Parsing aborted.", line: 1, column: 9),
        // graphql-core 3.2.8 `parse("{ a }", max_tokens=2)`.
        LimitCase(
            name: "token limit (graphql-core)", source: "{ a }", limits: ParseLimits(maxTokens: 2),
            message: "Syntax Error: Document contains more than 2 tokens. Parsing aborted.", line: 1, column: 5),
        // graphql-core 3.2.8 `parse("query { a b c }", max_tokens=4)`.
        LimitCase(
            name: "token limit counts keywords (graphql-core)", source: "query { a b c }", limits: ParseLimits(maxTokens: 4),
            message: "Syntax Error: Document contains more than 4 tokens. Parsing aborted.", line: 1, column: 13),
        LimitCase(
            name: "default token limit", source: "{" + String(repeating: " a", count: 10_000) + " }", limits: ParseLimits(),
            message: "Syntax Error: Document contains more than 10000 tokens. Parsing aborted.", line: 1, column: 20_001),
        LimitCase(
            name: "document one byte too large", source: "{ a }" + String(repeating: " ", count: 99_996), limits: ParseLimits(),
            message: "Syntax Error: Document is larger than 100000 bytes. Parsing aborted.", line: 1, column: 1),
        LimitCase(
            name: "size counts UTF-8 bytes", source: "{ a(x: \"ééé\") }", limits: ParseLimits(maxDocumentBytes: 17),
            message: "Syntax Error: Document is larger than 17 bytes. Parsing aborted.", line: 1, column: 1),
    ]

    @Test(arguments: cases)
    func rejectsDocumentBeyondLimit(_ testCase: LimitCase) {
        #expect(throws: GraphQLError(
            testCase.message, locations: [SourceLocation(line: testCase.line, column: testCase.column)],
            code: .parseFailed)
        ) {
            try parseIgnoringOffsets(testCase.source, limits: testCase.limits)
        }
    }

    @Test func acceptsDocumentsAtEachLimit() throws {
        let deepest = "{" + String(repeating: "a{", count: 63) + "a" + String(repeating: "}", count: 64)
        #expect(try parse(deepest).operations.count == 1)
        #expect(try parse("{ a }", limits: ParseLimits(maxTokens: 3)).operations.count == 1)
        // Comments are not tokens (graphql-core 3.2.8, max_tokens=3).
        #expect(try parse("# c\n{ a }", limits: ParseLimits(maxTokens: 3)).operations.count == 1)
        #expect(try parse("{ a }" + String(repeating: " ", count: 99_995)).operations.count == 1)
        #expect(try parse("{ a(x: \"ééé\") }", limits: ParseLimits(maxDocumentBytes: 18)).operations.count == 1)
        let deepList = "{ a(x: " + String(repeating: "[", count: 63) + String(repeating: "]", count: 63) + ") }"
        #expect(try parse(deepList).operations.count == 1)
    }
}
