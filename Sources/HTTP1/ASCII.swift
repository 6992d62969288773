/// Byte classes of RFC 9110 §5.6.2 and §5.5, as branch-light tests for the parsers' hot loops
/// (and for other modules' small parsers: the `OTEL_*` header lists).
package enum ASCII {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let comma: UInt8 = 0x2C

    /// tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." / "^" / "_" / "`" / "|" / "~"
    ///       / DIGIT / ALPHA
    @inline(__always)
    package static func isTokenChar(_ byte: UInt8) -> Bool {
        // Bit n of `low` is byte n (0...63), bit n of `high` is byte 64 + n; checked against the
        // grammar by ASCIITests.
        let low: UInt64 = 0x03FF_6CFA_0000_0000
        let high: UInt64 = 0x57FF_FFFF_C7FF_FFFE
        if byte < 64 { return (low >> UInt64(byte)) & 1 == 1 }
        if byte < 128 { return (high >> UInt64(byte &- 64)) & 1 == 1 }
        return false
    }

    /// field-vchar / SP / HTAB: VCHAR, obs-text (0x80-0xFF), SP and HTAB; no other control and no DEL.
    @inline(__always)
    static func isFieldValueChar(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte != 0x7F) || byte == tab
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    /// The value of a hex digit, or nil.
    @inline(__always)
    package static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte &- 0x30)
        case 0x41...0x46: Int(byte &- 0x41 &+ 10)
        case 0x61...0x66: Int(byte &- 0x61 &+ 10)
        default: nil
        }
    }

    /// Whether `bytes[start..<start+count]` equals the lowercase literal, ASCII case-insensitively.
    @inline(__always)
    static func equalsLowercased(_ bytes: UnsafeRawBufferPointer, _ start: Int, _ count: Int, _ literal: StaticString) -> Bool {
        equalsLowercased(UnsafeRawBufferPointer(rebasing: bytes[start..<(start &+ count)]), literal)
    }

    /// Whether `bytes` equal the lowercase literal, ASCII case-insensitively.
    /// `| 0x20` is a correct case fold here: the literals (header names,
    /// tokens, media ranges) hold lowercase letters and bytes that already
    /// have that bit (digits, `-`, `.`, `/`, `+`, `*`), and the bytes come
    /// from parsed fields, which hold no control byte but HTAB (RFC 9110
    /// §5.5), whose fold `)` is in no literal.
    @inline(__always)
    static func equalsLowercased<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let lit = literal.utf8Start
        var k = 0
        for byte in bytes {
            guard byte | 0x20 == lit[k] else { return false }
            k &+= 1
        }
        return true
    }
}
