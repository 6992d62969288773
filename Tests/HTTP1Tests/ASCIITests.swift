import Testing
@testable import HTTP1

struct ASCIITests {
    /// RFC 9110 §5.6.2 tchar, spelled out, against the bit masks.
    @Test func tokenCharactersMatchTheGrammar() {
        let tchar = Set("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)
        for byte in UInt8.min...UInt8.max {
            #expect(ASCII.isTokenChar(byte) == tchar.contains(byte), "byte \(byte)")
        }
    }

    @Test func fieldValueCharactersExcludeControlsButHTAB() {
        for byte in UInt8.min...UInt8.max {
            let expected = byte == 0x09 || (byte >= 0x20 && byte != 0x7F)
            #expect(ASCII.isFieldValueChar(byte) == expected, "byte \(byte)")
        }
    }
}
