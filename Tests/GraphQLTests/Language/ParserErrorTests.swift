import Testing

@testable import GraphQL

/// A document that must fail to parse, with graphql-js 16's message and location.
/// Expected values were produced by graphql-core 3.2.8 `parse()` (its messages
/// quote with `'`; graphql-js, and we, with `"`). Cases marked "(parser-test)"
/// come from graphql-js `src/language/__tests__/parser-test.ts`.
struct ParseErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var message: String
    var line: Int
    var column: Int
    var testDescription: String { name }
}

struct ParserErrorTests {
    static let cases: [ParseErrorCase] = [
        ParseErrorCase(name: "missing field name at EOF (parser-test)", source: "{", message: "Syntax Error: Expected Name, found <EOF>.", line: 1, column: 2),
        ParseErrorCase(name: "missing on in fragment definition (parser-test)", source: "{ ...MissingOn }\nfragment MissingOn Type", message: "Syntax Error: Expected \"on\", found Name \"Type\".", line: 2, column: 20),
        ParseErrorCase(name: "object in place of a field (parser-test)", source: "{ field: {} }", message: "Syntax Error: Expected Name, found \"{\".", line: 1, column: 10),
        ParseErrorCase(name: "unknown definition keyword (parser-test)", source: "notAnOperation Foo { field }", message: "Syntax Error: Unexpected Name \"notAnOperation\".", line: 1, column: 1),
        ParseErrorCase(name: "lone spread (parser-test)", source: "...", message: "Syntax Error: Unexpected \"...\".", line: 1, column: 1),
        ParseErrorCase(name: "string in place of a field (parser-test)", source: "{ \"\"", message: "Syntax Error: Expected Name, found String \"\".", line: 1, column: 3),
        ParseErrorCase(name: "variable in a default value (parser-test)", source: "query Foo($x: Complex = { a: { b: [ $var ] } }) { field }", message: "Syntax Error: Unexpected variable \"$var\" in constant value.", line: 1, column: 37),
        ParseErrorCase(name: "fragment named on (parser-test)", source: "fragment on on on { on }", message: "Syntax Error: Unexpected Name \"on\".", line: 1, column: 10),
        ParseErrorCase(name: "spread of on (parser-test)", source: "{ ...on }", message: "Syntax Error: Expected Name, found \"}\".", line: 1, column: 9),
        ParseErrorCase(name: "description on an operation (parser-test)", source: "\"Description\" query { a }", message: "Syntax Error: Unexpected description, descriptions are supported only on type definitions.", line: 1, column: 1),
        ParseErrorCase(name: "description on a fragment", source: "\"\"\"Description\"\"\" fragment F on T { a }", message: "Syntax Error: Unexpected description, descriptions are supported only on type definitions.", line: 1, column: 1),
        ParseErrorCase(name: "unclosed selection set", source: "{ a", message: "Syntax Error: Expected Name, found <EOF>.", line: 1, column: 4),
        ParseErrorCase(name: "empty selection set", source: "{ }", message: "Syntax Error: Expected Name, found \"}\".", line: 1, column: 3),
        ParseErrorCase(name: "operation without selection set", source: "query", message: "Syntax Error: Expected \"{\", found <EOF>.", line: 1, column: 6),
        ParseErrorCase(name: "bad operation type", source: "querx { a }", message: "Syntax Error: Unexpected Name \"querx\".", line: 1, column: 1),
        ParseErrorCase(name: "missing colon in variable definition", source: "query ($a Int) { a }", message: "Syntax Error: Expected \":\", found Name \"Int\".", line: 1, column: 11),
        ParseErrorCase(name: "variable without name", source: "query ($: Int) { a }", message: "Syntax Error: Expected Name, found \":\".", line: 1, column: 9),
        ParseErrorCase(name: "empty variable definitions", source: "query () { a }", message: "Syntax Error: Expected \"$\", found \")\".", line: 1, column: 8),
        ParseErrorCase(name: "missing variable type", source: "query ($a: ) { a }", message: "Syntax Error: Expected Name, found \")\".", line: 1, column: 12),
        ParseErrorCase(name: "unclosed list type", source: "query ($a: [Int) { a }", message: "Syntax Error: Expected \"]\", found \")\".", line: 1, column: 16),
        ParseErrorCase(name: "double bang", source: "query ($a: Int!!) { a }", message: "Syntax Error: Expected \"$\", found \"!\".", line: 1, column: 16),
        ParseErrorCase(name: "empty arguments", source: "{ a() }", message: "Syntax Error: Expected Name, found \")\".", line: 1, column: 5),
        ParseErrorCase(name: "argument without value", source: "{ a(b:) }", message: "Syntax Error: Unexpected \")\".", line: 1, column: 7),
        ParseErrorCase(name: "argument without colon", source: "{ a(b 1) }", message: "Syntax Error: Expected \":\", found Int \"1\".", line: 1, column: 7),
        ParseErrorCase(name: "dollar without name in constant", source: "query ($a: Int = $) { a }", message: "Syntax Error: Unexpected \"$\".", line: 1, column: 18),
        ParseErrorCase(name: "variable in directive on variable", source: "query ($a: Int @d(x: $b)) { a }", message: "Syntax Error: Unexpected variable \"$b\" in constant value.", line: 1, column: 22),
        ParseErrorCase(name: "directive without name", source: "{ a @ }", message: "Syntax Error: Expected Name, found \"}\".", line: 1, column: 7),
        ParseErrorCase(name: "inline fragment without selection set", source: "{ ... on T }", message: "Syntax Error: Expected \"{\", found \"}\".", line: 1, column: 12),
        ParseErrorCase(name: "alias without name", source: "{ a: }", message: "Syntax Error: Expected Name, found \"}\".", line: 1, column: 6),
        ParseErrorCase(name: "unclosed object value", source: "{ a(b: {c: 1) }", message: "Syntax Error: Expected Name, found \")\".", line: 1, column: 13),
        ParseErrorCase(name: "object field without colon", source: "{ a(b: {c 1}) }", message: "Syntax Error: Expected \":\", found Int \"1\".", line: 1, column: 11),
        ParseErrorCase(name: "unclosed list value", source: "{ a(b: [1, 2) }", message: "Syntax Error: Unexpected \")\".", line: 1, column: 13),
        ParseErrorCase(name: "spread in value", source: "{ a(b: ...) }", message: "Syntax Error: Unexpected \"...\".", line: 1, column: 8),
        ParseErrorCase(name: "fragment without type condition", source: "fragment F { a }", message: "Syntax Error: Expected \"on\", found \"{\".", line: 1, column: 12),
        ParseErrorCase(name: "fragment on without type", source: "fragment F on { a }", message: "Syntax Error: Expected Name, found \"{\".", line: 1, column: 15),
        ParseErrorCase(name: "definition after garbage", source: "{ a } }", message: "Syntax Error: Unexpected \"}\".", line: 1, column: 7),
        ParseErrorCase(name: "extend without target", source: "extend", message: "Syntax Error: Unexpected <EOF>.", line: 1, column: 7),
        ParseErrorCase(name: "extend directive", source: "extend directive @d on FIELD", message: "Syntax Error: Unexpected Name \"directive\".", line: 1, column: 8),
        ParseErrorCase(name: "extend scalar without directives", source: "extend scalar Foo", message: "Syntax Error: Unexpected <EOF>.", line: 1, column: 18),
        ParseErrorCase(name: "extend type without anything", source: "extend type Foo", message: "Syntax Error: Unexpected <EOF>.", line: 1, column: 16),
        ParseErrorCase(name: "extend schema without anything", source: "extend schema", message: "Syntax Error: Unexpected <EOF>.", line: 1, column: 14),
        ParseErrorCase(name: "enum value true (parser-test)", source: "enum Hello { true }", message: "Syntax Error: Name \"true\" is reserved and cannot be used for an enum value.", line: 1, column: 14),
        ParseErrorCase(name: "enum value null", source: "enum Hello { null }", message: "Syntax Error: Name \"null\" is reserved and cannot be used for an enum value.", line: 1, column: 14),
        ParseErrorCase(name: "bad directive location", source: "directive @d on FOO", message: "Syntax Error: Unexpected Name \"FOO\".", line: 1, column: 17),
        ParseErrorCase(name: "type without name", source: "type { a: Int }", message: "Syntax Error: Expected Name, found \"{\".", line: 1, column: 6),
        ParseErrorCase(name: "field definition without type", source: "type T { a }", message: "Syntax Error: Expected \":\", found \"}\".", line: 1, column: 12),
        ParseErrorCase(name: "schema with bad operation type", source: "schema { querx: Q }", message: "Syntax Error: Unexpected Name \"querx\".", line: 1, column: 10),
        ParseErrorCase(name: "description before extend", source: "\"d\" extend type T @d", message: "Syntax Error: Unexpected description, descriptions are supported only on type definitions.", line: 1, column: 1),
        ParseErrorCase(name: "unexpected character after document", source: "{ a } ?", message: "Syntax Error: Unexpected character: \"?\".", line: 1, column: 7),
        ParseErrorCase(name: "invalid character inside selection", source: "{ a ~ }", message: "Syntax Error: Unexpected character: \"~\".", line: 1, column: 5),
        ParseErrorCase(name: "non-ASCII after a string", source: "{ a(x: \"\u{E9}\") } \u{E9}", message: "Syntax Error: Unexpected character: U+00E9.", line: 1, column: 15),
        ParseErrorCase(name: "error after a block string spanning lines", source: "{ a(x: \"\"\"\n  x\n\"\"\") } ?", message: "Syntax Error: Unexpected character: \"?\".", line: 3, column: 8),
        ParseErrorCase(name: "error after multi-byte characters on a line", source: "{ a(x: \"\u{E9}\u{E9}\u{E9}\") ?", message: "Syntax Error: Unexpected character: \"?\".", line: 1, column: 15),
        ParseErrorCase(name: "error on third line after CRLF", source: "{\r\n a\r\n ?", message: "Syntax Error: Unexpected character: \"?\".", line: 3, column: 2),
        ParseErrorCase(name: "error after CR line endings", source: "{\r a\r ?", message: "Syntax Error: Unexpected character: \"?\".", line: 3, column: 2),
    ]

    @Test(arguments: cases)
    func reportsSyntaxError(_ testCase: ParseErrorCase) {
        #expect(throws: GraphQLError(
            testCase.message, locations: [SourceLocation(line: testCase.line, column: testCase.column)],
            code: .parseFailed)
        ) {
            try parseIgnoringOffsets(testCase.source)
        }
    }
}

/// Parses, dropping byte offsets from the error so tables need only line and column.
func parseIgnoringOffsets(_ source: String, limits: ParseLimits = ParseLimits()) throws(GraphQLError) -> Document {
    do {
        return try parse(source, limits: limits)
    } catch {
        var error = error
        error.locations = error.locations.map { SourceLocation(line: $0.line, column: $0.column) }
        throw error
    }
}
