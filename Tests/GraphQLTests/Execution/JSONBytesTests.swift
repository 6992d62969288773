import JSON
import Testing

@testable import GraphQL

/// The response writer's word-at-a-time escaping must agree with the
/// byte-at-a-time rule (control characters, `"` and `\`) wherever the byte
/// sits in a word, and with `JSONWriter`.
struct JSONBytesTests {
    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let text: String
        let expected: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "empty", text: "", expected: #""""#),
        Case(name: "plain, longer than a word", text: "https://example.com/a.jpg", expected: #""https://example.com/a.jpg""#),
        Case(name: "non-ASCII", text: "Swift 5.5 \u{1F389} été", expected: "\"Swift 5.5 \u{1F389} été\""),
        Case(name: "quote in the first word", text: "ab\"cdefghij", expected: #""ab\"cdefghij""#),
        Case(name: "backslash in the second word", text: "abcdefghij\\k", expected: #""abcdefghij\\k""#),
        Case(name: "newline in the tail", text: "abcdefgh\n", expected: #""abcdefgh\n""#),
        Case(name: "control byte at a word's last byte", text: "abcdefg\u{01}ijklmnop", expected: #""abcdefg\u0001ijklmnop""#),
        Case(name: "DEL is not escaped", text: "abcdefgh\u{7F}", expected: "\"abcdefgh\u{7F}\""),
        Case(name: "space and bytes next to the specials", text: " !#[]^_`{", expected: "\" !#[]^_`{\""),
    ]

    @Test(arguments: cases)
    func writesAsJSONStringify(_ testCase: Case) {
        #expect(written { $0.appendJSONString(testCase.text) } == testCase.expected)
    }

    /// Every ASCII byte at every position of a 17-byte string (two words and
    /// a tail): the response writer's word-at-a-time scan must give what
    /// `JSONWriter`'s byte-at-a-time loop gives.
    @Test func everyByteInEveryPositionAgreesWithJSONWriter() {
        for position in 0..<17 {
            for byte in UInt8(0)...UInt8(0x7F) {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
                bytes[position] = byte
                let text = String(decoding: bytes, as: UTF8.self)
                var expected: [UInt8] = []
                JSONWriter.writeString(text, into: &expected)
                let found = written { $0.appendJSONString(text) }
                #expect(found == String(decoding: expected, as: UTF8.self), "byte \(byte) at \(position)")
            }
        }
    }

    /// The response writer's `appendJSON` and `JSONWriter.write` are two
    /// implementations of one format (see JSONBytes.swift): same bytes.
    @Test(arguments: [
        JSONValue.null, true, 0, .int(Int.min), .int(Int.max), -120, .double(1.0), .double(0.1),
        .double(0.1 + 0.2), .double(1e21), .double(1e20), .double(1e16), .double(9_007_199_254_740_992),
        .double(1e-7), .double(1.5e-7), .double(-2.5e-10), .double(.leastNonzeroMagnitude),
        .double(1.7976931348623157e308), .double(-0.0), .double(.infinity), .double(.nan),
        "\u{0}\u{1F}\u{08}\u{0C}\n\r\t\"\\/\u{7F}é\u{2028}😀", [[:], []],
        ["z": 1, "a": ["b": [1, "x", nil]], "m": false], ["a\"b\n": 1],
    ])
    func valuesAgreeWithJSONWriter(_ value: JSONValue) {
        #expect(written { $0.appendJSON(value) } == String(decoding: value.serialized, as: UTF8.self))
    }

    private func written(_ write: (inout ResponseBuffer) -> Void) -> String {
        var buffer = ResponseBuffer(capacity: 0)
        write(&buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }
}
