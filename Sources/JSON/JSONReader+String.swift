extension JSONReader {
    /// ```
    /// string = quotation-mark *char quotation-mark
    /// char = unescaped / escape ( %x22 / %x5C / %x2F / %x62 / %x66 / %x6E / %x72 / %x74 / %x75 4HEXDIG )
    /// unescaped = %x20-21 / %x23-5B / %x5D-10FFFF
    /// ```
    /// Unescaped runs are validated as UTF-8 (RFC 3629) and copied whole.
    mutating func readString() throws(JSONParseError) -> String {
        index += 1  // opening quote
        var runStart = index
        // Built only once an escape is seen, in place (no copy per escape).
        var unescaped: [UInt8] = []
        var hasEscapes = false
        while index < bytes.count {
            skipPlainASCII()
            guard index < bytes.count else { break }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let run = UnsafeRawBufferPointer(rebasing: bytes[runStart..<index])
                index += 1
                guard hasEscapes else { return String(decoding: run, as: UTF8.self) }
                unescaped.append(contentsOf: run)
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                if !hasEscapes {
                    hasEscapes = true
                    unescaped.reserveCapacity(2 * (index - runStart) + 64)
                }
                unescaped.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[runStart..<index]))
                try readEscape(into: &unescaped)
                runStart = index
            case 0x00..<0x20:
                throw .controlCharacterInString(offset: index)
            case 0x20..<0x80:
                index += 1
            default:
                index += try validateUTF8Sequence(at: index)
            }
        }
        throw .unexpectedEndOfInput(offset: index)
    }

    /// Moves `index` past bytes that need no attention in a string (ASCII
    /// other than controls, quote and backslash), eight at a time with the
    /// "has less / has zero byte" word tricks.
    @inline(__always)
    private mutating func skipPlainASCII() {
        guard let base = bytes.baseAddress else { return }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let flagged = ((word &- ones &* 0x20) & ~word)
                | ((quotes &- ones) & ~quotes)
                | ((backslashes &- ones) & ~backslashes)
                | word
            if flagged & highs != 0 { return }
            index += 8
        }
    }

    /// The length of the well-formed UTF-8 sequence at `offset` (Unicode
    /// Table 3-7: no overlongs, surrogates or code points above U+10FFFF).
    private func validateUTF8Sequence(at offset: Int) throws(JSONParseError) -> Int {
        let lead = bytes[offset]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw .invalidUTF8(offset: offset)
        }
        for position in offset + 1..<offset + length {
            guard position < bytes.count else { throw .unexpectedEndOfInput(offset: position) }
            let range = position == offset + 1 ? secondRange : 0x80...0xBF
            guard range.contains(bytes[position]) else { throw .invalidUTF8(offset: position) }
        }
        return length
    }

    /// One escape after a backslash at `index`; surrogate pairs must be whole.
    private mutating func readEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        let start = index
        guard index + 1 < bytes.count else { throw .unexpectedEndOfInput(offset: index + 1) }
        let simple: UInt8? =
            switch bytes[index + 1] {
            case UInt8(ascii: "\""): 0x22
            case UInt8(ascii: "\\"): 0x5C
            case UInt8(ascii: "/"): 0x2F
            case UInt8(ascii: "b"): 0x08
            case UInt8(ascii: "f"): 0x0C
            case UInt8(ascii: "n"): 0x0A
            case UInt8(ascii: "r"): 0x0D
            case UInt8(ascii: "t"): 0x09
            default: nil
            }
        if let simple {
            buffer.append(simple)
            index += 2
            return
        }
        guard bytes[index + 1] == UInt8(ascii: "u") else { throw .invalidEscape(offset: start) }
        var code = try readHex4(at: index + 2, escapeStart: start)
        index += 6
        if code >= 0xD800, code <= 0xDBFF {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { throw .invalidEscape(offset: start) }
            let low = try readHex4(at: index + 2, escapeStart: index)
            guard low >= 0xDC00, low <= 0xDFFF else { throw .invalidEscape(offset: start) }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            index += 6
        }
        guard let scalar = Unicode.Scalar(code) else { throw .invalidEscape(offset: start) }  // lone low surrogate
        UTF8.encode(scalar) { buffer.append($0) }
    }

    private func readHex4(at offset: Int, escapeStart: Int) throws(JSONParseError) -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<offset + 4 {
            guard position < bytes.count else { throw .unexpectedEndOfInput(offset: position) }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .invalidEscape(offset: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
