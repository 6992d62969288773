import Testing

@testable import JSON

struct WriterCase: Sendable, CustomTestStringConvertible {
    var name: String
    var value: JSONValue
    var expected: String
    var testDescription: String { name }
}

/// Expected texts are Node's `JSON.stringify` output for the same value.
struct JSONWriterTests {
    static let cases: [WriterCase] = [
        .init(name: "null", value: nil, expected: "null"),
        .init(name: "booleans", value: [true, false], expected: "[true,false]"),
        .init(name: "zero", value: 0, expected: "0"),
        .init(name: "Int.max", value: .int(Int.max), expected: "9223372036854775807"),
        .init(name: "Int.min", value: .int(Int.min), expected: "-9223372036854775808"),
        .init(name: "negative int", value: -120, expected: "-120"),
        .init(name: "integral double 1.0", value: .double(1.0), expected: "1"),
        .init(name: "integral double 100", value: .double(100), expected: "100"),
        .init(name: "one tenth", value: .double(0.1), expected: "0.1"),
        .init(name: "rounding noise kept", value: .double(0.1 + 0.2), expected: "0.30000000000000004"),
        .init(name: "one third", value: .double(1.0 / 3.0), expected: "0.3333333333333333"),
        .init(name: "1e21 switches to exponent", value: .double(1e21), expected: "1e+21"),
        .init(name: "1e20 stays positional", value: .double(1e20), expected: "100000000000000000000"),
        .init(name: "large with digits", value: .double(12_345_678_901_234_567_168), expected: "12345678901234567000"),
        .init(name: "large exponent with fraction", value: .double(1.2345678901234567e21), expected: "1.2345678901234568e+21"),
        .init(name: "1e-6 stays positional", value: .double(0.000001), expected: "0.000001"),
        .init(name: "2e-6", value: .double(2e-6), expected: "0.000002"),
        .init(name: "1e-7 switches to exponent", value: .double(1e-7), expected: "1e-7"),
        .init(name: "1.5e-7", value: .double(1.5e-7), expected: "1.5e-7"),
        .init(name: "negative small", value: .double(-2.5e-10), expected: "-2.5e-10"),
        .init(name: "123e-20", value: .double(123e-20), expected: "1.23e-18"),
        .init(name: "smallest subnormal", value: .double(.leastNonzeroMagnitude), expected: "5e-324"),
        .init(name: "largest double", value: .double(1.7976931348623157e308), expected: "1.7976931348623157e+308"),
        .init(name: "2^53", value: .double(9_007_199_254_740_992), expected: "9007199254740992"),
        .init(name: "4.35", value: .double(4.35), expected: "4.35"),
        .init(name: "negative zero", value: .double(-0.0), expected: "0"),
        .init(name: "infinity as null (JSON.stringify)", value: .double(.infinity), expected: "null"),
        .init(name: "NaN as null (JSON.stringify)", value: .double(.nan), expected: "null"),
        .init(
            name: "string escapes",
            value: "\u{0}\u{1}\u{1F}\u{08}\u{0C}\n\r\t\"\\/\u{7F}é\u{2028}😀",
            expected: #""\u0000\u0001\u001f\b\f\n\r\t\"\\/"# + "\u{7F}é\u{2028}😀\""),
        .init(name: "empty string", value: "", expected: "\"\""),
        .init(name: "escape at both ends", value: "\"middle\"", expected: #""\"middle\"""#),
        .init(name: "empty containers", value: [[:], []], expected: "[{},[]]"),
        .init(
            name: "object keeps member order", value: ["z": 1, "a": ["b": [1, "x", nil]], "m": false],
            expected: #"{"z":1,"a":{"b":[1,"x",null]},"m":false}"#),
        .init(name: "keys are escaped", value: ["a\"b\n": 1], expected: #"{"a\"b\n":1}"#),
    ]

    @Test func sortingKeysOrdersMembersAtEveryDepth() {
        let value: JSONValue = ["b": 1, "a": ["z": true, "y": [["d": 1, "c": 2]]], "B": nil]
        var sorted: [UInt8] = []
        JSONWriter.write(value, sortingKeys: true, into: &sorted)
        #expect(String(decoding: sorted, as: UTF8.self) == #"{"B":null,"a":{"y":[{"c":2,"d":1}],"z":true},"b":1}"#)
        // Without it, the value's own order.
        #expect(String(decoding: value.serialized, as: UTF8.self) == #"{"b":1,"a":{"z":true,"y":[{"d":1,"c":2}]},"B":null}"#)
    }

    @Test(arguments: cases)
    func writesAsJSONStringify(_ testCase: WriterCase) {
        #expect(String(decoding: testCase.value.serialized, as: UTF8.self) == testCase.expected)
    }

    @Test func appendsToExistingBuffer() {
        var buffer = Array("prefix:".utf8)
        JSONWriter.writeString("a\tb", into: &buffer)
        JSONWriter.write(["k": 1], into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == #"prefix:"a\tb"{"k":1}"#)
    }

    @Test func writesBridgedAndSubstringBackedStrings() {
        // A String built from a Substring and one with non-contiguous history still write correctly.
        let text = String("xx-\u{1}-é-yy".dropFirst(2).dropLast(2))
        #expect(String(decoding: JSONValue.string(text).serialized, as: UTF8.self) == #""-\u0001-é-""#)
    }
}

struct JSONRoundTripTests {
    static let documents: [String] = [
        #"{"data":{"user":{"id":"1","name":"Ada \"Countess\" Lovelace","tags":["a","b"],"score":1.5,"likes":0}}}"#,
        #"{"errors":[{"message":"Unknown\nfield","locations":[{"line":1,"column":3}],"extensions":{"code":"X"}}]}"#,
        #"[null,true,false,-1,0.000001,1e-7,1e+21,"\u0000\u001f","é😀"]"#,
        #"{"z":{},"a":[],"m":[[[]]]}"#,
    ]

    /// Parse then write gives back the same text (for texts already written
    /// in JSON.stringify's canonical form).
    @Test(arguments: documents)
    func writesBackWhatItParsed(_ text: String) throws {
        let value = try JSONParser.parse(text)
        #expect(String(decoding: value.serialized, as: UTF8.self) == text)
        #expect(try JSONParser.parse(value.serialized) == value)
    }

    @Test func everyEscapedByteRoundTrips() throws {
        let all = String(decoding: (0..<128).map { UInt8($0) }, as: UTF8.self) + "é€😀\u{10FFFF}"
        let value = JSONValue.string(all)
        #expect(try JSONParser.parse(value.serialized) == value)
    }
}
