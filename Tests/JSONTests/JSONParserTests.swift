import Testing

@testable import JSON

struct ValidJSONCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var expected: JSONValue
    var testDescription: String { name }
}

/// A rejected input; each was checked to be rejected by Node's `JSON.parse`
/// too, except where the note says JavaScript is more lenient than we are.
struct InvalidJSONCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var error: JSONParseError
    var testDescription: String { name }

    init(_ name: String, _ input: String, _ error: JSONParseError) {
        self.init(name, Array(input.utf8), error)
    }

    init(_ name: String, _ input: [UInt8], _ error: JSONParseError) {
        self.name = name
        self.input = input
        self.error = error
    }
}

struct JSONParserTests {
    static let valid: [ValidJSONCase] = [
        .init(name: "null", input: "null", expected: .null),
        .init(name: "booleans", input: "[true,false]", expected: [true, false]),
        .init(name: "surrounding whitespace", input: " \t\r\n 1 \n", expected: 1),
        .init(name: "zero", input: "0", expected: 0),
        .init(name: "negative zero is the integer 0", input: "-0", expected: 0),
        .init(name: "negative int", input: "-42", expected: -42),
        .init(name: "Int.max", input: "9223372036854775807", expected: .int(Int.max)),
        .init(name: "Int.min", input: "-9223372036854775808", expected: .int(Int.min)),
        .init(name: "beyond Int is a double", input: "9223372036854775808", expected: .double(9_223_372_036_854_775_808)),
        .init(name: "fraction", input: "1.5", expected: .double(1.5)),
        .init(name: "integral fraction is an int", input: "1.0", expected: .int(1)),
        .init(name: "integral exponent is an int", input: "1e2", expected: .int(100)),
        .init(name: "negative exponent", input: "-2.5E-3", expected: .double(-0.0025)),
        .init(name: "integral exponent with plus is an int", input: "1.5e+1", expected: .int(15)),
        .init(name: "fraction with plus exponent", input: "1.25e+1", expected: .double(12.5)),
        .init(name: "huge exponent is a double", input: "1e300", expected: .double(1e300)),
        .init(name: "empty string", input: "\"\"", expected: ""),
        .init(name: "simple escapes", input: #""\"\\\/\b\f\n\r\t""#, expected: "\"\\/\u{08}\u{0C}\n\r\t"),
        .init(name: "unicode escape", input: #""\u00e9\u00C9""#, expected: "éÉ"),
        .init(name: "surrogate pair escape", input: #""\uD83D\uDE00""#, expected: "😀"),
        .init(name: "raw UTF-8 kept", input: "\"é€😀\"", expected: "é€😀"),
        .init(name: "DEL and U+2028 unescaped", input: "\"\u{7F}\u{2028}\"", expected: "\u{7F}\u{2028}"),
        .init(name: "empty containers", input: "[{},[]]", expected: [[:], []]),
        .init(
            name: "nested object keeps order", input: #"{"z":1,"a":{"b":[1,"x",null]},"m":false}"#,
            expected: ["z": 1, "a": ["b": [1, "x", nil]], "m": false]),
        .init(name: "duplicate key: last wins at first position (JSON.parse)", input: #"{"a":1,"b":2,"a":3}"#, expected: ["a": 3, "b": 2]),
        .init(name: "whitespace everywhere", input: " { \"a\" : [ 1 , 2 ] } ", expected: ["a": [1, 2]]),
    ]

    @Test(arguments: valid)
    func parsesValidJSON(_ testCase: ValidJSONCase) throws {
        #expect(try JSONParser.parse(testCase.input) == testCase.expected)
    }

    static let invalid: [InvalidJSONCase] = [
        .init("empty input", "", .unexpectedEndOfInput(offset: 0)),
        .init("only whitespace", " ", .unexpectedEndOfInput(offset: 1)),
        .init("trailing comma in array", "[1,]", .unexpectedByte(UInt8(ascii: "]"), offset: 3)),
        .init("trailing comma in object", #"{"a":1,}"#, .unexpectedByte(UInt8(ascii: "}"), offset: 7)),
        .init("missing comma", "[1 2]", .unexpectedByte(UInt8(ascii: "2"), offset: 3)),
        .init("missing colon", #"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1"), offset: 5)),
        .init("unquoted key", "{a:1}", .unexpectedByte(UInt8(ascii: "a"), offset: 1)),
        .init("single-quoted key", "{'a':1}", .unexpectedByte(UInt8(ascii: "'"), offset: 1)),
        .init("line comment", "// c\n1", .unexpectedByte(UInt8(ascii: "/"), offset: 0)),
        .init("block comment", "/* c */ 1", .unexpectedByte(UInt8(ascii: "/"), offset: 0)),
        .init("leading zero", "01", .invalidNumber(offset: 1)),
        .init("negative leading zero", "-01", .invalidNumber(offset: 2)),
        .init("dot without digits", "1.", .unexpectedEndOfInput(offset: 2)),
        .init("dot then bracket", "[1.]", .invalidNumber(offset: 3)),
        .init("leading dot", ".5", .unexpectedByte(UInt8(ascii: "."), offset: 0)),
        .init("exponent without digits", "1e", .unexpectedEndOfInput(offset: 2)),
        .init("exponent sign without digits", "[1e+]", .invalidNumber(offset: 4)),
        .init("plus sign", "+1", .unexpectedByte(UInt8(ascii: "+"), offset: 0)),
        .init("lone minus", "-", .unexpectedEndOfInput(offset: 1)),
        .init("minus letter", "-a", .invalidNumber(offset: 1)),
        .init("NaN", "NaN", .unexpectedByte(UInt8(ascii: "N"), offset: 0)),
        .init("Infinity", "Infinity", .unexpectedByte(UInt8(ascii: "I"), offset: 0)),
        .init("negative Infinity", "-Infinity", .invalidNumber(offset: 1)),
        .init("hex number", "0x10", .trailingData(offset: 1)),
        .init("truncated true", "tru", .unexpectedEndOfInput(offset: 3)),
        .init("misspelled null", "nul1", .unexpectedByte(UInt8(ascii: "1"), offset: 3)),
        .init("literal followed by letters", "truex", .trailingData(offset: 4)),
        .init("unterminated string", "\"abc", .unexpectedEndOfInput(offset: 4)),
        .init("raw tab in string", "\"a\tb\"", .controlCharacterInString(offset: 2)),
        .init("raw newline in string", "\"a\nb\"", .controlCharacterInString(offset: 2)),
        .init("raw NUL in string", "\"\u{0}\"", .controlCharacterInString(offset: 1)),
        .init("unknown escape", #""\x""#, .invalidEscape(offset: 1)),
        .init("short unicode escape", #""\u12""#, .invalidEscape(offset: 1)),
        .init("bad hex in unicode escape", #""\u12G4""#, .invalidEscape(offset: 1)),
        // JSON.parse accepts lone surrogates (JavaScript strings may hold them); a Swift String cannot.
        .init("lone high surrogate (JS accepts)", #""\uD800""#, .invalidEscape(offset: 1)),
        .init("lone low surrogate (JS accepts)", #""\uDC00""#, .invalidEscape(offset: 1)),
        .init("high surrogate then BMP (JS accepts)", #""\uD800\u0041""#, .invalidEscape(offset: 1)),
        .init("unclosed array", "[", .unexpectedEndOfInput(offset: 1)),
        .init("unclosed object", "{", .unexpectedEndOfInput(offset: 1)),
        .init("member without value", #"{"a":}"#, .unexpectedByte(UInt8(ascii: "}"), offset: 5)),
        .init("extra closing bracket", "[1]]", .trailingData(offset: 3)),
        .init("two values", "1 2", .trailingData(offset: 2)),
        .init("byte order mark", "\u{FEFF}1", .unexpectedByte(0xEF, offset: 0)),
        .init("no-break space", "\u{A0}1", .unexpectedByte(0xC2, offset: 0)),
        .init("leading comma", "[,1]", .unexpectedByte(UInt8(ascii: ","), offset: 1)),
        .init("empty member", "{,}", .unexpectedByte(UInt8(ascii: ","), offset: 1)),
        .init("members without comma", #"{"a":1 "b":2}"#, .unexpectedByte(UInt8(ascii: "\""), offset: 7)),
        // Invalid UTF-8 (JavaScript would have decoded these to U+FFFD before parsing).
        .init("lone continuation byte", [0x22, 0x80, 0x22], .invalidUTF8(offset: 1)),
        .init("overlong slash", [0x22, 0xC0, 0xAF, 0x22], .invalidUTF8(offset: 1)),
        .init("overlong three bytes", [0x22, 0xE0, 0x80, 0xAF, 0x22], .invalidUTF8(offset: 2)),
        .init("encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8(offset: 2)),
        .init("above U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8(offset: 2)),
        .init("truncated sequence", [0x22, 0xE2, 0x82, 0x22], .invalidUTF8(offset: 3)),
        .init("sequence cut by end", [0x22, 0xE2, 0x82], .unexpectedEndOfInput(offset: 3)),
        .init("invalid lead byte", [0x22, 0xFF, 0x22], .invalidUTF8(offset: 1)),
    ]

    @Test(arguments: invalid)
    func rejectsInvalidJSON(_ testCase: InvalidJSONCase) {
        #expect(throws: testCase.error) { try JSONParser.parse(testCase.input) }
    }

    @Test func boundsNestingDepth() throws {
        let limits = JSONLimits(maxDepth: 64)
        let deepest = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(throws: Never.self) { try JSONParser.parse(deepest, limits: limits) }
        let tooDeep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: JSONParseError.tooDeep(maxDepth: 64, offset: 64)) { try JSONParser.parse(tooDeep, limits: limits) }
        // 100,000 openers fail fast at the limit, never overflowing the stack.
        let hostile = String(repeating: "{\"a\":[", count: 100_000)
        #expect(throws: JSONParseError.tooDeep(maxDepth: 64, offset: 192)) {
            try JSONParser.parse(hostile, limits: JSONLimits(maxDepth: 64, maxBytes: 1_000_000))
        }
    }

    @Test func boundsInputSize() {
        let input = "[" + String(repeating: "1,", count: 10) + "1]"
        #expect(throws: JSONParseError.tooLarge(maxBytes: 22, size: 23)) {
            try JSONParser.parse(input, limits: JSONLimits(maxBytes: 22))
        }
        #expect(throws: Never.self) { try JSONParser.parse(input, limits: JSONLimits(maxBytes: 23)) }
    }

    @Test func handlesManyDuplicateKeysInLinearTime() throws {
        // Past the indexing threshold: 5,000 distinct keys, then every key again.
        let keys = (0..<5_000).map { "\"k\($0)\"" }
        let text = "{" + (keys.map { "\($0):1" } + keys.map { "\($0):2" }).joined(separator: ",") + "}"
        guard case .object(let object) = try JSONParser.parse(text, limits: JSONLimits(maxBytes: 1 << 20)) else {
            Issue.record("expected an object")
            return
        }
        #expect(object.count == 5_000)
        #expect(object.members.first?.key == "k0")
        #expect(object.members.allSatisfy { $0.value == 2 })
    }

    /// Keys and strings are the same only byte for byte, as in JavaScript:
    /// KELVIN SIGN (U+212A) is canonically equivalent to "K" for Swift's
    /// `String`, but `JSON.parse` keeps two members, and a lookup of "K"
    /// does not find the other (an object small enough to scan, and one
    /// large enough to be indexed).
    @Test(arguments: [0, 20]) func keysAreTheirBytesNotTheirUnicodeEquivalents(padding: Int) throws {
        let filler = (0..<padding).map { "\"p\($0)\":0," }.joined()
        let text = "{" + filler + "\"\u{212A}\":1,\"K\":2,\"Jos\u{E9}\":3,\"Jose\u{301}\":4}"
        guard case .object(let object) = try JSONParser.parse(text) else {
            Issue.record("expected an object")
            return
        }
        #expect(object.count == padding + 4)
        #expect(object["K"] == 2)
        #expect(object["\u{212A}"] == 1)
        #expect(object["Jos\u{E9}"] == 3)
        #expect(object["Jose\u{301}"] == 4)
        #expect(object["k"] == nil)
        #expect(JSONValue.string("Jos\u{E9}") != JSONValue.string("Jose\u{301}"))
        #expect(JSONValue.object(["\u{212A}": 1]) != JSONValue.object(["K": 1]))
    }

    @Test func messagesNameTheProblemAndOffset() {
        #expect(JSONParseError.unexpectedByte(UInt8(ascii: "]"), offset: 3).description
            == "Unexpected character ']' in JSON at offset 3.")
        #expect(JSONParseError.unexpectedByte(0xEF, offset: 0).description == "Unexpected byte 0xEF in JSON at offset 0.")
        #expect(JSONParseError.tooDeep(maxDepth: 64, offset: 64).description
            == "JSON nested deeper than 64 levels at offset 64.")
        #expect(JSONParseError.invalidNumber(offset: 1).offset == 1)
    }
}
