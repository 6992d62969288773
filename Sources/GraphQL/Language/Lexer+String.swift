extension Lexer {
    /// ```
    /// StringValue :: " StringCharacter* "
    /// StringCharacter ::
    ///   - SourceCharacter but not " or \ or LineTerminator
    ///   - \u EscapedUnicode
    ///   - \ EscapedCharacter
    /// ```
    mutating func readString(at start: Int) throws(GraphQLError) -> Token {
        let bytes = source.bytes
        var position = start + 1
        var chunkStart = position
        var escaped: [UInt8]? = nil  // only built once an escape is seen
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let value: String
                if var buffer = escaped {
                    buffer.append(contentsOf: bytes[chunkStart..<position])
                    value = String(decoding: buffer, as: UTF8.self)
                } else {
                    value = source.string(chunkStart..<position)
                }
                return makeToken(.string, start: start, end: position + 1, value: value)
            }
            if byte == UInt8(ascii: "\\") {
                var buffer = escaped ?? []
                buffer.append(contentsOf: bytes[chunkStart..<position])
                let next = source.byte(at: position + 1)
                let (scalar, size) =
                    if next == UInt8(ascii: "u") {
                        source.byte(at: position + 2) == UInt8(ascii: "{")
                            ? try readEscapedUnicodeVariableWidth(at: position)
                            : try readEscapedUnicodeFixedWidth(at: position)
                    } else {
                        try readEscapedCharacter(at: position)
                    }
                buffer.append(contentsOf: String(Character(scalar)).utf8)
                escaped = buffer
                position += size
                chunkStart = position
                continue
            }
            if byte == 0x0A || byte == 0x0D { break }
            position += 1
        }
        throw source.syntaxError("Unterminated string.", at: position)
    }

    /// `EscapedUnicode :: { HexDigit+ }` (graphql-js 16): at most 8 digits, a scalar value.
    private func readEscapedUnicodeVariableWidth(at position: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        var point = 0
        var size = 3
        let maxSize = min(12, source.count - position)  // `\u{00000000}` at most
        while size < maxSize {
            let byte = source.bytes[position + size]
            size += 1
            if byte == UInt8(ascii: "}") {
                guard size >= 5, let scalar = Unicode.Scalar(UInt32(point)) else { break }
                return (scalar, size)
            }
            let digit = Self.hexDigit(byte)
            if digit < 0 { break }
            point = point << 4 | digit
        }
        throw source.syntaxError(
            "Invalid Unicode escape sequence: \"\(source.text(from: position, scalars: size))\".", at: position)
    }

    /// `EscapedUnicode :: HexDigit HexDigit HexDigit HexDigit`, where a leading
    /// surrogate must be followed by `\u` and a trailing one (a JSON-style pair).
    private func readEscapedUnicodeFixedWidth(at position: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        let code = read16BitHex(at: position + 2)
        if code >= 0, let scalar = Unicode.Scalar(UInt32(code)) {
            return (scalar, 6)
        }
        if code >= 0xD800, code <= 0xDBFF, source.byte(at: position + 6) == UInt8(ascii: "\\"),
            source.byte(at: position + 7) == UInt8(ascii: "u")
        {
            let trailing = read16BitHex(at: position + 8)
            if trailing >= 0xDC00, trailing <= 0xDFFF,
                let scalar = Unicode.Scalar(UInt32(0x10000 + ((code - 0xD800) << 10) + (trailing - 0xDC00)))
            {
                return (scalar, 12)
            }
        }
        throw source.syntaxError(
            "Invalid Unicode escape sequence: \"\(source.text(from: position, scalars: 6))\".", at: position)
    }

    /// `EscapedCharacter :: one of " \ / b f n r t`
    private func readEscapedCharacter(at position: Int) throws(GraphQLError) -> (Unicode.Scalar, Int) {
        let value: Unicode.Scalar? =
            switch source.byte(at: position + 1) {
            case UInt8(ascii: "\""): "\""
            case UInt8(ascii: "\\"): "\\"
            case UInt8(ascii: "/"): "/"
            case UInt8(ascii: "b"): "\u{08}"
            case UInt8(ascii: "f"): "\u{0C}"
            case UInt8(ascii: "n"): "\n"
            case UInt8(ascii: "r"): "\r"
            case UInt8(ascii: "t"): "\t"
            default: nil
            }
        guard let value else {
            throw source.syntaxError(
                "Invalid character escape sequence: \"\(source.text(from: position, scalars: 2))\".", at: position)
        }
        return (value, 2)
    }

    /// Four hex digits as 0...0xFFFF, or a negative number if any is not a hex digit.
    private func read16BitHex(at position: Int) -> Int {
        var value = 0
        for offset in 0..<4 {
            guard let byte = source.byte(at: position + offset) else { return -1 }
            let digit = Self.hexDigit(byte)
            if digit < 0 { return -1 }
            value = value << 4 | digit
        }
        return value
    }

    private static func hexDigit(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 48
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte) - 55
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte) - 87
        default: -1
        }
    }

    /// ```
    /// BlockString :: """ BlockStringCharacter* """
    /// BlockStringCharacter ::
    ///   - SourceCharacter but not """ or \"""
    ///   - \"""
    /// ```
    /// The value is `BlockStringValue()` of the raw lines (see `BlockString`).
    mutating func readBlockString(at start: Int) throws(GraphQLError) -> Token {
        let bytes = source.bytes
        var blockLineStart = lineStart
        var position = start + 3
        var chunkStart = position
        var currentLine: [UInt8] = []
        var lines: [[UInt8]] = []
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\""), source.byte(at: position + 1) == UInt8(ascii: "\""),
                source.byte(at: position + 2) == UInt8(ascii: "\"")
            {
                currentLine.append(contentsOf: bytes[chunkStart..<position])
                lines.append(currentLine)
                let token = makeToken(
                    .blockString, start: start, end: position + 3, value: BlockString.value(ofLines: lines))
                line += lines.count - 1
                lineStart = blockLineStart
                return token
            }
            if byte == UInt8(ascii: "\\"), source.byte(at: position + 1) == UInt8(ascii: "\""),
                source.byte(at: position + 2) == UInt8(ascii: "\""), source.byte(at: position + 3) == UInt8(ascii: "\"")
            {
                currentLine.append(contentsOf: bytes[chunkStart..<position])
                chunkStart = position + 1  // skip only the backslash
                position += 4
                continue
            }
            if byte == 0x0A || byte == 0x0D {
                currentLine.append(contentsOf: bytes[chunkStart..<position])
                lines.append(currentLine)
                position += byte == 0x0D && source.byte(at: position + 1) == 0x0A ? 2 : 1
                currentLine = []
                chunkStart = position
                blockLineStart = position
                continue
            }
            position += 1
        }
        throw source.syntaxError("Unterminated string.", at: position)
    }
}
