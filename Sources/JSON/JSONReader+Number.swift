extension JSONReader {
    /// ```
    /// number = [ minus ] int [ frac ] [ exp ]
    /// int = zero / ( digit1-9 *DIGIT )
    /// frac = decimal-point 1*DIGIT
    /// exp = e [ minus / plus ] 1*DIGIT
    /// ```
    mutating func readNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw .unexpectedEndOfInput(offset: index) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw .invalidNumber(offset: index) }  // leading zero
        } else {
            try readDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            try readDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try readDigits()
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text) else { throw .invalidNumber(offset: start) }
        if let integral = Int(exactly: value) { return .int(integral) }
        return .double(value)
    }

    /// `1*DIGIT`
    private mutating func readDigits() throws(JSONParseError) {
        guard index < bytes.count else { throw .unexpectedEndOfInput(offset: index) }
        guard isDigit(bytes[index]) else { throw .invalidNumber(offset: index) }
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
}
