import Testing

@testable import JSON

/// The one escaper of JSON strings: each escape as written, for responses
/// (`JSON.stringify`'s short forms) and for log lines (`\n \r \t` only).
struct JSONEscapeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let scalar: UInt32
        let shortForms: JSONEscape.ShortForms
        let expected: String
        var testDescription: String { "U+\(String(scalar, radix: 16)) \(shortForms)" }
    }

    static let cases: [Case] = [
        Case(scalar: 0x22, shortForms: .all, expected: #"\""#),
        Case(scalar: 0x5C, shortForms: .lineBreaksAndTab, expected: #"\\"#),
        Case(scalar: 0x0A, shortForms: .lineBreaksAndTab, expected: #"\n"#),
        Case(scalar: 0x0D, shortForms: .all, expected: #"\r"#),
        Case(scalar: 0x09, shortForms: .all, expected: #"\t"#),
        Case(scalar: 0x08, shortForms: .all, expected: #"\b"#),
        Case(scalar: 0x08, shortForms: .lineBreaksAndTab, expected: #"\u0008"#),
        Case(scalar: 0x0C, shortForms: .all, expected: #"\f"#),
        Case(scalar: 0x0C, shortForms: .lineBreaksAndTab, expected: #"\u000c"#),
        Case(scalar: 0x00, shortForms: .all, expected: #"\u0000"#),
        Case(scalar: 0x1B, shortForms: .all, expected: #"\u001b"#),
        Case(scalar: 0x7F, shortForms: .lineBreaksAndTab, expected: #"\u007f"#),
        Case(scalar: 0x9B, shortForms: .lineBreaksAndTab, expected: #"\u009b"#),
        Case(scalar: 0x2028, shortForms: .lineBreaksAndTab, expected: #"\u2028"#),
        Case(scalar: 0xFFFD, shortForms: .lineBreaksAndTab, expected: #"\ufffd"#),
    ]

    @Test(arguments: cases)
    func writesTheEscapeAndKnowsItsLength(_ testCase: Case) {
        var bytes: [UInt8] = []
        JSONEscape.append(escapeOf: testCase.scalar, shortForms: testCase.shortForms, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == testCase.expected)
        #expect(JSONEscape.length(ofEscapeOf: testCase.scalar, shortForms: testCase.shortForms) == bytes.count)
    }

    /// Only what JSON requires is escaped; DEL, non-ASCII and U+2028 stay as they are.
    @Test func escapesOnlyWhatJSONRequires() {
        for byte in UInt8(0)...0xFF {
            #expect(JSONEscape.isRequired(byte) == (byte < 0x20 || byte == 0x22 || byte == 0x5C), "byte \(byte)")
        }
        let text = "a\"b\u{1}c\\\u{7F}é\u{2028}\n"
        var bytes: [UInt8] = []
        var copy = text
        copy.withUTF8 { JSONEscape.appendEscaped($0, to: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == #"a\"b\u0001c\\"# + "\u{7F}é\u{2028}" + #"\n"#)
    }
}
