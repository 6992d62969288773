import JSON
import Testing

@testable import GraphQL

/// The word-at-a-time escape check must agree with the byte-at-a-time rule
/// (control characters, `"` and `\`) wherever the byte sits in a word.
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
        var bytes: [UInt8] = []
        bytes.appendJSONString(testCase.text)
        #expect(String(decoding: bytes, as: UTF8.self) == testCase.expected)
    }

    @Test func everyByteInEveryPositionAgreesWithTheByteRule() {
        for position in 0..<17 {
            for byte in UInt8(0)...UInt8(0x7F) {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 17)
                bytes[position] = byte
                let expected = byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                let found = bytes.withUnsafeBufferPointer { $0.needsJSONEscaping }
                #expect(found == expected, "byte \(byte) at \(position)")
            }
        }
    }
}
