import Testing

@testable import GraphQL

/// The first token of a source, or the error lexing it. Expected values come
/// from graphql-core 3.2.8's `Lexer.advance()` (graphql-js lexer-test's
/// `lexOne`), with graphql-js's `"` quoting; "(lexer-test)" marks cases taken
/// from graphql-js `src/language/__tests__/lexer-test.ts`.
struct LexCase: Sendable, CustomTestStringConvertible {
    var name: String
    var source: String
    var kind: TokenKind?
    var value: String?
    var error: String?
    var line: Int
    var column: Int
    var testDescription: String { name }

    init(_ name: String, _ source: String, _ kind: TokenKind, _ value: String?, line: Int, column: Int) {
        self.name = name
        self.source = source
        self.kind = kind
        self.value = value
        self.line = line
        self.column = column
    }

    init(_ name: String, _ source: String, error: String, line: Int, column: Int) {
        self.name = name
        self.source = source
        self.error = error
        self.line = line
        self.column = column
    }
}

struct LexerTests {
    static let cases: [LexCase] = [
        LexCase("control character U+0007 (lexer-test)", "\u{7}", error: "Syntax Error: Unexpected character: U+0007.", line: 1, column: 1),
        LexCase("BOM is ignored (lexer-test)", "\u{FEFF} foo", .name, "foo", line: 1, column: 3),
        LexCase("LF line break (lexer-test)", "\nfoo", .name, "foo", line: 2, column: 1),
        LexCase("CR line break (lexer-test)", "\rfoo", .name, "foo", line: 2, column: 1),
        LexCase("CRLF line break (lexer-test)", "\r\nfoo", .name, "foo", line: 2, column: 1),
        LexCase("LF CR is two lines (lexer-test)", "\n\rfoo", .name, "foo", line: 3, column: 1),
        LexCase("CR CRLF LF (lexer-test)", "\r\r\n\nfoo", .name, "foo", line: 4, column: 1),
        LexCase("LF LF CR CR (lexer-test)", "\n\n\r\rfoo", .name, "foo", line: 5, column: 1),
        LexCase("skips whitespace and comments (lexer-test)", "\n\n    foo\n\n\n", .name, "foo", line: 3, column: 5),
        LexCase("skips comment (lexer-test)", "\n    #comment\n    foo#comment\n", .name, "foo", line: 3, column: 5),
        LexCase("skips commas (lexer-test)", ",,,foo,,,", .name, "foo", line: 1, column: 4),
        LexCase("error respects whitespace (lexer-test)", "\n\n    ~\n", error: "Syntax Error: Unexpected character: \"~\".", line: 3, column: 5),
        LexCase("column after multi-byte (lexer-test)", "\u{E9}\u{E9} ~", error: "Syntax Error: Unexpected character: U+00E9.", line: 1, column: 1),
        LexCase("empty string (lexer-test)", "\"\"", .string, "", line: 1, column: 1),
        LexCase("simple string (lexer-test)", "\"simple\"", .string, "simple", line: 1, column: 1),
        LexCase("white space string (lexer-test)", "\" white space \"", .string, " white space ", line: 1, column: 1),
        LexCase("escaped quote (lexer-test)", "\"quote \\\"\"", .string, "quote \"", line: 1, column: 1),
        LexCase("escapes (lexer-test)", "\"escaped \\n\\r\\b\\t\\f\"", .string, "escaped \n\r\u{8}\t\u{C}", line: 1, column: 1),
        LexCase("slashes (lexer-test)", "\"slashes \\\\ \\/\"", .string, "slashes \\ /", line: 1, column: 1),
        LexCase("unescaped outside BMP (lexer-test)", "\"unescaped unicode outside BMP \u{1F600}\"", .string, "unescaped unicode outside BMP \u{1F600}", line: 1, column: 1),
        LexCase("unescaped maximal (lexer-test)", "\"unescaped maximal unicode outside BMP \u{10FFFF}\"", .string, "unescaped maximal unicode outside BMP \u{10FFFF}", line: 1, column: 1),
        LexCase("fixed-width escapes (lexer-test)", "\"unicode \\u1234\\u5678\\u90AB\\uCDEF\"", .string, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}", line: 1, column: 1),
        LexCase("variable-width escapes (lexer-test)", "\"unicode \\u{1234}\\u{5678}\\u{90AB}\\u{CDEF}\"", .string, "unicode \u{1234}\u{5678}\u{90AB}\u{CDEF}", line: 1, column: 1),
        LexCase("variable-width outside BMP (lexer-test)", "\"string with unicode escape outside BMP \\u{1F600}\"", .string, "string with unicode escape outside BMP \u{1F600}", line: 1, column: 1),
        LexCase("minimal variable-width (lexer-test)", "\"string with minimal unicode escape \\u{0}\"", .string, "string with minimal unicode escape \u{0}", line: 1, column: 1),
        LexCase("maximal variable-width (lexer-test)", "\"string with maximal unicode escape \\u{10FFFF}\"", .string, "string with maximal unicode escape \u{10FFFF}", line: 1, column: 1),
        LexCase("maximal minimal variable-width (lexer-test)", "\"string with maximal minimal unicode escape \\u{00000000}\"", .string, "string with maximal minimal unicode escape \u{0}", line: 1, column: 1),
        LexCase("surrogate pair escape (lexer-test)", "\"string with unicode surrogate pair escape \\uD83D\\uDE00\"", .string, "string with unicode surrogate pair escape \u{1F600}", line: 1, column: 1),
        LexCase("minimal surrogate pair (lexer-test)", "\"string with minimal surrogate pair escape \\uD800\\uDC00\"", .string, "string with minimal surrogate pair escape \u{10000}", line: 1, column: 1),
        LexCase("maximal surrogate pair (lexer-test)", "\"string with maximal surrogate pair escape \\uDBFF\\uDFFF\"", .string, "string with maximal surrogate pair escape \u{10FFFF}", line: 1, column: 1),
        LexCase("control character in string", "\"a\u{1}b\"", .string, "a\u{1}b", line: 1, column: 1),
        LexCase("lone quote (lexer-test)", "\"", error: "Syntax Error: Unterminated string.", line: 1, column: 2),
        LexCase("no end quote (lexer-test)", "\"no end quote", error: "Syntax Error: Unterminated string.", line: 1, column: 14),
        LexCase("single quotes (lexer-test)", "'single quotes'", error: "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", line: 1, column: 1),
        LexCase("LF in string (lexer-test)", "\"multi\nline\"", error: "Syntax Error: Unterminated string.", line: 1, column: 7),
        LexCase("CR in string (lexer-test)", "\"multi\rline\"", error: "Syntax Error: Unterminated string.", line: 1, column: 7),
        LexCase("bad escape z (lexer-test)", "\"bad \\z esc\"", error: "Syntax Error: Invalid character escape sequence: \"\\z\".", line: 1, column: 6),
        LexCase("bad escape x (lexer-test)", "\"bad \\x esc\"", error: "Syntax Error: Invalid character escape sequence: \"\\x\".", line: 1, column: 6),
        LexCase("short fixed-width (lexer-test)", "\"bad \\u1 esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u1 es\".", line: 1, column: 6),
        LexCase("bad hex 0XX1 (lexer-test)", "\"bad \\u0XX1 esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u0XX1\".", line: 1, column: 6),
        LexCase("bad hex XXXX (lexer-test)", "\"bad \\uXXXX esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uXXXX\".", line: 1, column: 6),
        LexCase("bad hex FXXX (lexer-test)", "\"bad \\uFXXX esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uFXXX\".", line: 1, column: 6),
        LexCase("bad hex XXXF (lexer-test)", "\"bad \\uXXXF esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uXXXF\".", line: 1, column: 6),
        LexCase("empty braces (lexer-test)", "\"bad \\u{} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{}\".", line: 1, column: 6),
        LexCase("bad hex in braces (lexer-test)", "\"bad \\u{FXXX} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{FX\".", line: 1, column: 6),
        LexCase("unclosed braces (lexer-test)", "\"bad \\u{FFFF esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{FFFF \".", line: 1, column: 6),
        LexCase("unclosed braces at quote (lexer-test)", "\"bad \\u{FFFF\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{FFFF\"\".", line: 1, column: 6),
        LexCase("too high (lexer-test)", "\"too high \\u{110000} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{110000}\".", line: 1, column: 11),
        LexCase("way too high (lexer-test)", "\"way too high \\u{12345678} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{12345678}\".", line: 1, column: 15),
        LexCase("too long (lexer-test)", "\"too long \\u{000000000} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{000000000\".", line: 1, column: 11),
        LexCase("lone trailing surrogate (lexer-test)", "\"bad surrogate \\uDEAD esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uDEAD\".", line: 1, column: 16),
        LexCase("surrogate in braces (lexer-test)", "\"bad surrogate \\u{DEAD} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{DEAD}\".", line: 1, column: 16),
        LexCase("braces for surrogate pair (lexer-test)", "\"cannot use braces for surrogate pair \\u{D83D}\\u{DE00} esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\u{D83D}\".", line: 1, column: 39),
        LexCase("bad high surrogate pair (lexer-test)", "\"bad high surrogate pair \\uDEAD\\uDEAD esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uDEAD\".", line: 1, column: 26),
        LexCase("bad low surrogate pair (lexer-test)", "\"bad low surrogate pair \\uD800\\uD800 esc\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uD800\".", line: 1, column: 25),
        LexCase("surrogate then not an escape (lexer-test)", "\"bad \\uD83D\\not an escape\"", error: "Syntax Error: Invalid Unicode escape sequence: \"\\uD83D\".", line: 1, column: 6),
        LexCase("empty block string (lexer-test)", "\"\"\"\"\"\"", .blockString, "", line: 1, column: 1),
        LexCase("simple block string (lexer-test)", "\"\"\"simple\"\"\"", .blockString, "simple", line: 1, column: 1),
        LexCase("block white space (lexer-test)", "\"\"\" white space \"\"\"", .blockString, " white space ", line: 1, column: 1),
        LexCase("block with quote (lexer-test)", "\"\"\"contains \" quote\"\"\"", .blockString, "contains \" quote", line: 1, column: 1),
        LexCase("block escaped triple quote (lexer-test)", "\"\"\"contains \\\"\"\" triplequote\"\"\"", .blockString, "contains \"\"\" triplequote", line: 1, column: 1),
        LexCase("block multi line (lexer-test)", "\"\"\"multi\nline\"\"\"", .blockString, "multi\nline", line: 1, column: 1),
        LexCase("block normalizes line endings (lexer-test)", "\"\"\"multi\rline\r\nnormalized\"\"\"", .blockString, "multi\nline\nnormalized", line: 1, column: 1),
        LexCase("block keeps escapes raw (lexer-test)", "\"\"\"unescaped \\n\\r\\b\\t\\f\\u1234\"\"\"", .blockString, "unescaped \\n\\r\\b\\t\\f\\u1234", line: 1, column: 1),
        LexCase("block outside BMP (lexer-test)", "\"\"\"unescaped unicode outside BMP \u{1F600}\"\"\"", .blockString, "unescaped unicode outside BMP \u{1F600}", line: 1, column: 1),
        LexCase("block slashes (lexer-test)", "\"\"\"slashes \\\\ \\/\"\"\"", .blockString, "slashes \\\\ \\/", line: 1, column: 1),
        LexCase("block dedent (lexer-test)", "\"\"\"\n\n        spans\n          multiple\n            lines\n\n        \"\"\"", .blockString, "spans\n  multiple\n    lines", line: 1, column: 1),
        LexCase("block first line kept (lexer-test)", "\"\"\"  first\n    second\n      third\"\"\"", .blockString, "  first\nsecond\n  third", line: 1, column: 1),
        LexCase("block tabs and blank middle lines", "\"\"\"\n\t\ta\n\n\t\t  b\n   \n\"\"\"", .blockString, "a\n\n  b", line: 1, column: 1),
        LexCase("block only whitespace", "\"\"\"   \n  \n \"\"\"", .blockString, "", line: 1, column: 1),
        LexCase("unterminated block (lexer-test)", "\"\"\"", error: "Syntax Error: Unterminated string.", line: 1, column: 4),
        LexCase("unterminated block with text (lexer-test)", "\"\"\"no end quote", error: "Syntax Error: Unterminated string.", line: 1, column: 16),
        LexCase("four quotes (lexer-test)", "\"\"\"\"", error: "Syntax Error: Unterminated string.", line: 1, column: 5),
        LexCase("int 4 (lexer-test)", "4", .int, "4", line: 1, column: 1),
        LexCase("float 4.123 (lexer-test)", "4.123", .float, "4.123", line: 1, column: 1),
        LexCase("negative int (lexer-test)", "-4", .int, "-4", line: 1, column: 1),
        LexCase("int 9 (lexer-test)", "9", .int, "9", line: 1, column: 1),
        LexCase("zero (lexer-test)", "0", .int, "0", line: 1, column: 1),
        LexCase("negative float (lexer-test)", "-4.123", .float, "-4.123", line: 1, column: 1),
        LexCase("float below one (lexer-test)", "0.123", .float, "0.123", line: 1, column: 1),
        LexCase("exponent (lexer-test)", "123e4", .float, "123e4", line: 1, column: 1),
        LexCase("capital exponent (lexer-test)", "123E4", .float, "123E4", line: 1, column: 1),
        LexCase("negative exponent (lexer-test)", "123e-4", .float, "123e-4", line: 1, column: 1),
        LexCase("positive exponent (lexer-test)", "123e+4", .float, "123e+4", line: 1, column: 1),
        LexCase("negative float exponent (lexer-test)", "-1.123e4", .float, "-1.123e4", line: 1, column: 1),
        LexCase("big exponent (lexer-test)", "-1.123e4567", .float, "-1.123e4567", line: 1, column: 1),
        LexCase("negative zero", "-0", .int, "-0", line: 1, column: 1),
        LexCase("leading zero (lexer-test)", "00", error: "Syntax Error: Invalid number, unexpected digit after 0: \"0\".", line: 1, column: 2),
        LexCase("leading zero 01 (lexer-test)", "01", error: "Syntax Error: Invalid number, unexpected digit after 0: \"1\".", line: 1, column: 2),
        LexCase("leading zero float (lexer-test)", "01.23", error: "Syntax Error: Invalid number, unexpected digit after 0: \"1\".", line: 1, column: 2),
        LexCase("plus sign (lexer-test)", "+1", error: "Syntax Error: Unexpected character: \"+\".", line: 1, column: 1),
        LexCase("trailing dot (lexer-test)", "1.", error: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 3),
        LexCase("bare exponent (lexer-test)", "1e", error: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 3),
        LexCase("bare capital exponent (lexer-test)", "1E", error: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 3),
        LexCase("dot exponent (lexer-test)", "1.e1", error: "Syntax Error: Invalid number, expected digit but got: \"e\".", line: 1, column: 3),
        LexCase("leading dot (lexer-test)", ".123", error: "Syntax Error: Unexpected character: \".\".", line: 1, column: 1),
        LexCase("letter after dot (lexer-test)", "1.A", error: "Syntax Error: Invalid number, expected digit but got: \"A\".", line: 1, column: 3),
        LexCase("minus letter (lexer-test)", "-A", error: "Syntax Error: Invalid number, expected digit but got: \"A\".", line: 1, column: 2),
        LexCase("float bare exponent (lexer-test)", "1.0e", error: "Syntax Error: Invalid number, expected digit but got: <EOF>.", line: 1, column: 5),
        LexCase("exponent letter (lexer-test)", "1.0eA", error: "Syntax Error: Invalid number, expected digit but got: \"A\".", line: 1, column: 5),
        LexCase("exponent quote (lexer-test)", "1.0e\"", error: "Syntax Error: Invalid number, expected digit but got: '\"'.", line: 1, column: 5),
        LexCase("double exponent (lexer-test)", "1.2e3e", error: "Syntax Error: Invalid number, expected digit but got: \"e\".", line: 1, column: 6),
        LexCase("dot after exponent (lexer-test)", "1.2e3.4", error: "Syntax Error: Invalid number, expected digit but got: \".\".", line: 1, column: 6),
        LexCase("two dots (lexer-test)", "1.23.4", error: "Syntax Error: Invalid number, expected digit but got: \".\".", line: 1, column: 5),
        LexCase("hex (lexer-test)", "0xF1", error: "Syntax Error: Invalid number, expected digit but got: \"x\".", line: 1, column: 2),
        LexCase("binary (lexer-test)", "0b10", error: "Syntax Error: Invalid number, expected digit but got: \"b\".", line: 1, column: 2),
        LexCase("letters after int (lexer-test)", "123abc", error: "Syntax Error: Invalid number, expected digit but got: \"a\".", line: 1, column: 4),
        LexCase("underscore separator (lexer-test)", "1_234", error: "Syntax Error: Invalid number, expected digit but got: \"_\".", line: 1, column: 2),
        LexCase("non-ASCII after int (lexer-test)", "1\u{DF}", .int, "1", line: 1, column: 1),
        LexCase("float suffix (lexer-test)", "1.23f", error: "Syntax Error: Invalid number, expected digit but got: \"f\".", line: 1, column: 5),
        LexCase("float underscore (lexer-test)", "1.234_5", error: "Syntax Error: Invalid number, expected digit but got: \"_\".", line: 1, column: 6),
        LexCase("int followed by letter a", "1a", error: "Syntax Error: Invalid number, expected digit but got: \"a\".", line: 1, column: 2),
        LexCase("float followed by letter", "1.0a", error: "Syntax Error: Invalid number, expected digit but got: \"a\".", line: 1, column: 4),
        LexCase("bang (lexer-test)", "!", .bang, nil, line: 1, column: 1),
        LexCase("dollar (lexer-test)", "$", .dollar, nil, line: 1, column: 1),
        LexCase("amp", "&", .amp, nil, line: 1, column: 1),
        LexCase("paren (lexer-test)", "(", .parenL, nil, line: 1, column: 1),
        LexCase("close paren (lexer-test)", ")", .parenR, nil, line: 1, column: 1),
        LexCase("spread (lexer-test)", "...", .spread, nil, line: 1, column: 1),
        LexCase("colon (lexer-test)", ":", .colon, nil, line: 1, column: 1),
        LexCase("equals (lexer-test)", "=", .equals, nil, line: 1, column: 1),
        LexCase("at (lexer-test)", "@", .at, nil, line: 1, column: 1),
        LexCase("bracket (lexer-test)", "[", .bracketL, nil, line: 1, column: 1),
        LexCase("close bracket (lexer-test)", "]", .bracketR, nil, line: 1, column: 1),
        LexCase("brace (lexer-test)", "{", .braceL, nil, line: 1, column: 1),
        LexCase("pipe (lexer-test)", "|", .pipe, nil, line: 1, column: 1),
        LexCase("close brace (lexer-test)", "}", .braceR, nil, line: 1, column: 1),
        LexCase("single dot (lexer-test)", ".", error: "Syntax Error: Unexpected character: \".\".", line: 1, column: 1),
        LexCase("two dots (lexer-test)", "..", error: "Syntax Error: Unexpected character: \".\".", line: 1, column: 1),
        LexCase("tilde (lexer-test)", "~", error: "Syntax Error: Unexpected character: \"~\".", line: 1, column: 1),
        LexCase("NUL (lexer-test)", "\u{0}", error: "Syntax Error: Unexpected character: U+0000.", line: 1, column: 1),
        LexCase("backspace (lexer-test)", "\u{8}", error: "Syntax Error: Unexpected character: U+0008.", line: 1, column: 1),
        LexCase("U+00AA (lexer-test)", "\u{AA}", error: "Syntax Error: Unexpected character: U+00AA.", line: 1, column: 1),
        LexCase("U+0AAA (lexer-test)", "\u{AAA}", error: "Syntax Error: Unexpected character: U+0AAA.", line: 1, column: 1),
        LexCase("U+203B (lexer-test)", "\u{203B}", error: "Syntax Error: Unexpected character: U+203B.", line: 1, column: 1),
        LexCase("emoji (lexer-test)", "\u{1F600}", error: "Syntax Error: Unexpected character: U+1F600.", line: 1, column: 1),
        LexCase("U+10000 (lexer-test)", "\u{10000}", error: "Syntax Error: Unexpected character: U+10000.", line: 1, column: 1),
        LexCase("U+10FFFF (lexer-test)", "\u{10FFFF}", error: "Syntax Error: Unexpected character: U+10FFFF.", line: 1, column: 1),
        LexCase("dash in name (lexer-test)", "a-b", .name, "a", line: 1, column: 1),
        LexCase("name with digits and underscore", "_a1_B2", .name, "_a1_B2", line: 1, column: 1),
        LexCase("EOF after whitespace", "  \n # only a comment", .eof, nil, line: 2, column: 18),
        // graphql-core raises IndexError here; graphql-js quotes the lone backslash.
        LexCase("backslash at end of input", "\"abc\\", error: "Syntax Error: Invalid character escape sequence: \"\\\".", line: 1, column: 5),
    ]

    @Test(arguments: cases)
    func lexesFirstToken(_ testCase: LexCase) {
        var lexer = Lexer(source: Source(testCase.source))
        do {
            let token = try lexer.next()
            #expect(testCase.error == nil, "lexed \(token.kind) where an error was expected")
            #expect(token.kind == testCase.kind)
            #expect(token.value == testCase.value)
            #expect(token.line == testCase.line)
            #expect(token.column == testCase.column)
        } catch {
            #expect(error.message == testCase.error)
            #expect(error.code == .parseFailed)
            #expect(error.locations.map(\.line) == [testCase.line])
            #expect(error.locations.map(\.column) == [testCase.column])
        }
    }

    /// Token positions across a document: lines and columns in Unicode scalars,
    /// after a multi-byte character, a block string spanning lines, CRLF and a tab.
    /// Expected values from graphql-core 3.2.8's Lexer.
    @Test func tracksPositionsOfEveryToken() throws {
        var lexer = Lexer(source: Source("{\n  \"é\" e: \"\"\"a\n  b\"\"\" x\r\n\t$y, # c\n  ...z }"))
        var tokens: [String] = []
        for _ in 0..<20 {
            let token = try lexer.next()
            tokens.append("\(token.kind.rawValue)@\(token.line):\(token.column)")
            if token.kind == .eof { break }
        }
        #expect(tokens == ["{@1:1", "String@2:3", "Name@2:7", ":@2:8", "BlockString@2:10", "Name@3:8", "$@4:2", "Name@4:3", "...@5:3", "Name@5:6", "}@5:8", "<EOF>@5:9"])
    }
}
