/// Why a JSON text was rejected, with the byte offset where the problem was
/// found (RFC 8259 strict: no comments, trailing commas, leading zeros, NaN).
package enum JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input ended inside a value (or was empty).
    case unexpectedEndOfInput(offset: Int)
    /// A byte that cannot start or continue the value here (a comment, a
    /// trailing comma, a single quote, `NaN`, a BOM...).
    case unexpectedByte(UInt8, offset: Int)
    /// A number that breaks RFC 8259 §6 (leading zero, `1.`, `.5`, `1e`, `+1`).
    case invalidNumber(offset: Int)
    /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`, or a
    /// `\u` escape with bad hex digits or a lone surrogate.
    case invalidEscape(offset: Int)
    /// An unescaped control character (U+0000–U+001F) inside a string.
    case controlCharacterInString(offset: Int)
    /// Bytes that are not well-formed UTF-8.
    case invalidUTF8(offset: Int)
    /// Anything but whitespace after the top-level value.
    case trailingData(offset: Int)
    /// Arrays and objects nested deeper than `JSONLimits.maxDepth`.
    case tooDeep(maxDepth: Int, offset: Int)
    /// More input than `JSONLimits.maxBytes`.
    case tooLarge(maxBytes: Int, size: Int)

    /// Where the problem was found (0 for `tooLarge`).
    package var offset: Int {
        switch self {
        case .unexpectedEndOfInput(let offset), .unexpectedByte(_, let offset), .invalidNumber(let offset),
            .invalidEscape(let offset), .controlCharacterInString(let offset), .invalidUTF8(let offset),
            .trailingData(let offset), .tooDeep(_, let offset):
            offset
        case .tooLarge: 0
        }
    }

    /// A message fit for a client: what is wrong, and where.
    package var description: String {
        switch self {
        case .unexpectedEndOfInput(let offset): "Unexpected end of JSON input at offset \(offset)."
        case .unexpectedByte(let byte, let offset): "Unexpected \(Self.describe(byte)) in JSON at offset \(offset)."
        case .invalidNumber(let offset): "Invalid number in JSON at offset \(offset)."
        case .invalidEscape(let offset): "Invalid escape sequence in JSON string at offset \(offset)."
        case .controlCharacterInString(let offset): "Unescaped control character in JSON string at offset \(offset)."
        case .invalidUTF8(let offset): "Invalid UTF-8 in JSON at offset \(offset)."
        case .trailingData(let offset): "Unexpected data after JSON value at offset \(offset)."
        case .tooDeep(let maxDepth, let offset): "JSON nested deeper than \(maxDepth) levels at offset \(offset)."
        case .tooLarge(let maxBytes, let size): "JSON input of \(size) bytes exceeds the limit of \(maxBytes) bytes."
        }
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20, byte < 0x7F { return "character '\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count < 2 ? "0" : "") + hex
    }
}
