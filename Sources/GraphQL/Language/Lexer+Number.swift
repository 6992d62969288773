extension Lexer {
    /// ```
    /// IntValue :: IntegerPart [lookahead != {Digit, ., NameStart}]
    /// FloatValue ::
    ///   - IntegerPart FractionalPart ExponentPart [lookahead != {Digit, ., NameStart}]
    ///   - IntegerPart FractionalPart [lookahead != {Digit, ., NameStart}]
    ///   - IntegerPart ExponentPart [lookahead != {Digit, ., NameStart}]
    /// IntegerPart :: NegativeSign? 0 | NegativeSign? NonZeroDigit Digit*
    /// FractionalPart :: . Digit+
    /// ExponentPart :: ExponentIndicator Sign? Digit+
    /// ```
    mutating func readNumber(at start: Int) throws(GraphQLError) -> Token {
        var position = start
        var isFloat = false
        if source.byte(at: position) == UInt8(ascii: "-") { position += 1 }
        if source.byte(at: position) == UInt8(ascii: "0") {
            position += 1
            if let next = source.byte(at: position), Self.isDigit(next) {
                throw source.syntaxError(
                    "Invalid number, unexpected digit after 0: \(source.printCodePoint(at: position)).", at: position)
            }
        } else {
            position = try readDigits(at: position)
        }
        if source.byte(at: position) == UInt8(ascii: ".") {
            isFloat = true
            position = try readDigits(at: position + 1)
        }
        if let byte = source.byte(at: position), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isFloat = true
            position += 1
            if let sign = source.byte(at: position), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                position += 1
            }
            position = try readDigits(at: position)
        }
        // Numbers cannot be followed by `.` or a NameStart.
        if let byte = source.byte(at: position), byte == UInt8(ascii: ".") || Self.isNameStart(byte) {
            throw source.syntaxError(
                "Invalid number, expected digit but got: \(source.printCodePoint(at: position)).", at: position)
        }
        return makeToken(isFloat ? .float : .int, start: start, end: position, value: source.string(start..<position))
    }

    /// `Digit+`: the position after the digits; at least one is required.
    private func readDigits(at start: Int) throws(GraphQLError) -> Int {
        guard let first = source.byte(at: start), Self.isDigit(first) else {
            throw source.syntaxError(
                "Invalid number, expected digit but got: \(source.printCodePoint(at: start)).", at: start)
        }
        let bytes = source.bytes
        var position = start + 1
        while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        return position
    }
}
