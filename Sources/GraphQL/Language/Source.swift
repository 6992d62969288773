/// The UTF-8 bytes of a document, with the position lookups that syntax
/// errors need. Swift strings are valid UTF-8, so every multi-byte sequence
/// here is a well-formed Unicode scalar.
struct Source {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    var count: Int { bytes.count }

    /// The byte at `offset`, or nil past the end.
    @inline(__always)
    func byte(at offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

    /// graphql-js `getLocation`: line terminators are `\r\n`, `\n` and `\r`;
    /// columns count Unicode scalars from 1. Only used for errors, so it scans.
    func location(of offset: Int) -> SourceLocation {
        var line = 1
        var lineStart = 0
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                lineStart = index + 1
            } else if byte == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        return SourceLocation(line: line, column: scalarCount(from: lineStart, to: end) + 1, offset: offset)
    }

    /// The number of Unicode scalars in `bytes[from..<to]` (UTF-8 lead bytes).
    func scalarCount(from: Int, to: Int) -> Int {
        var count = 0
        var index = from
        while index < to {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// Decodes the scalar starting at `offset` and its UTF-8 length.
    func scalar(at offset: Int) -> (value: UInt32, length: Int) {
        let lead = bytes[offset]
        let length: Int
        var value: UInt32
        switch lead {
        case 0..<0x80: return (UInt32(lead), 1)
        case 0xC0..<0xE0: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0..<0xF0: length = 3; value = UInt32(lead & 0x0F)
        default: length = 4; value = UInt32(lead & 0x07)
        }
        var index = offset + 1
        while index < offset + length, index < bytes.count {
            value = value << 6 | UInt32(bytes[index] & 0x3F)
            index += 1
        }
        return (value, length)
    }

    /// graphql-js `printCodePointAt`: `<EOF>`, printable ASCII quoted
    /// (`"?"`, or `'"'` for a quote), anything else as `U+XXXX`.
    func printCodePoint(at offset: Int) -> String {
        guard offset < bytes.count else { return TokenKind.eof.rawValue }
        let (value, _) = scalar(at: offset)
        if value >= 0x20, value <= 0x7E {
            return value == 0x22 ? "'\"'" : "\"\(Character(Unicode.Scalar(UInt8(value))))\""
        }
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The text of `count` scalars starting at `offset` (clamped to the end),
    /// for messages that quote a piece of the source.
    func text(from offset: Int, scalars count: Int) -> String {
        var end = offset
        var taken = 0
        while end < bytes.count, taken < count {
            end += scalar(at: end).length
            taken += 1
        }
        return String(decoding: bytes[offset..<min(end, bytes.count)], as: UTF8.self)
    }

    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// A `GRAPHQL_PARSE_FAILED` error at a byte offset, worded as graphql-js.
    func syntaxError(_ description: String, at offset: Int) -> GraphQLError {
        GraphQLError("Syntax Error: \(description)", locations: [location(of: offset)], code: .parseFailed)
    }
}
