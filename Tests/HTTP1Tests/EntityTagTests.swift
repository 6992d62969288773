import Testing

import HTTP1

/// RFC 9110 §8.8.3 on the raw header bytes: what the refresher may keep and
/// send back as If-None-Match, and what it drops.
@Suite struct EntityTagTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        var testDescription: String { name }

        init(_ name: String, _ text: String) {
            self.name = name
            bytes = Array(text.utf8)
        }

        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    @Test(arguments: [
        Case("strong", #""5d8c72a5""#),
        Case("weak", #"W/"5d8c72a5""#),
        Case("empty opaque tag", #""""#),
        Case("every etagc punctuation", #""!#$%&'()*+,-./:;<=>?@[\]^_`{|}~""#),
        Case("obs-text as UTF-8", #""é""#),
        Case("256 bytes", "\"" + String(repeating: "a", count: 254) + "\""),
    ])
    func keepsAValidEntityTag(_ tag: Case) {
        #expect(EntityTag.validated(tag.bytes) == String(decoding: tag.bytes, as: UTF8.self))
    }

    @Test(arguments: [
        Case("unquoted", "5d8c72a5"),
        Case("lowercase weak prefix", #"w/"a""#),
        Case("weak without quotes", "W/a"),
        Case("a lone quote", #"""#),
        Case("nothing", ""),
        Case("a space inside", #""a b""#),
        Case("a quote inside", #""a"b""#),
        Case("a control character", "\"a\u{01}\""),
        Case("a carriage return", "\"a\rb\""),
        Case("a line feed", "\"a\nb\""),
        Case("NUL", "\"a\u{0}\""),
        Case("DEL", "\"a\u{7F}\""),
        Case("a tab", "\"a\tb\""),
        Case("text after the closing quote", #""a"x"#),
        Case("257 bytes", "\"" + String(repeating: "a", count: 255) + "\""),
        Case("obs-text that is not UTF-8", bytes: [0x22, 0xFF, 0x22]),
    ])
    func dropsAnInvalidEntityTag(_ tag: Case) {
        #expect(EntityTag.validated(tag.bytes) == nil)
    }
}
