/// The escapes of a string inside JSON (RFC 8259 §7), written once for
/// every writer of JSON strings: `JSONWriter`, the GraphQL executor's
/// response buffer, and the JSON log line (which escapes more than JSON
/// requires, and spells those escapes here).
///
/// Public and `@inlinable`, where the rest of the module is `package`: the
/// compiler inlines another module's `@inlinable` body only when it is public
/// (Swift 6.3), so that each writer specialises the walk for its output,
/// which then appends straight into its buffer.
public enum JSONEscape {
    /// The escapes written as a backslash and one letter, besides `\"` and `\\`.
    public enum ShortForms: Sendable {
        /// `\b \f \n \r \t`, as `JSON.stringify` writes them (responses).
        case all
        /// `\n \r \t`; backspace and form feed as `\u0008`, `\u000c` (log lines).
        case lineBreaksAndTab
    }

    /// Whether `byte` cannot stand for itself in a JSON string: `"`, `\` and
    /// the controls U+0000–U+001F; everything else, DEL and non-ASCII
    /// included, is kept as it is (as `JSON.stringify` does).
    @inlinable
    public static func isRequired(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Appends `utf8` with the escapes JSON requires (`isRequired`); runs of
    /// bytes that need none are copied whole. No quotes.
    @inlinable
    public static func appendEscaped<Output: JSONOutput & ~Copyable>(
        _ utf8: UnsafeBufferPointer<UInt8>, to output: inout Output
    ) {
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard isRequired(byte) else { continue }
            if runStart < index { output.append(UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
            runStart = index + 1
            append(escapeOf: UInt32(byte), shortForms: .all, to: &output)
        }
        if runStart < utf8.count { output.append(UnsafeBufferPointer(rebasing: utf8[runStart...])) }
    }

    /// The bytes `append(escapeOf:shortForms:to:)` writes for `scalar`.
    @inlinable
    public static func length(ofEscapeOf scalar: UInt32, shortForms: ShortForms) -> Int {
        shortForm(of: scalar, shortForms) == nil ? 6 : 2
    }

    /// Appends the escape of `scalar`, a scalar of the Basic Multilingual
    /// Plane: a backslash and a letter where there is one, else `\u` and
    /// four lowercase hex digits (`\u001b`, `\u2028`), as `JSON.stringify`
    /// writes them.
    @inlinable
    public static func append<Output: JSONOutput & ~Copyable>(
        escapeOf scalar: UInt32, shortForms: ShortForms, to output: inout Output
    ) {
        precondition(scalar <= 0xFFFF, "a \\u escape holds a BMP scalar")
        output.append(UInt8(ascii: "\\"))
        if let letter = shortForm(of: scalar, shortForms) {
            return output.append(letter)
        }
        output.append(UInt8(ascii: "u"))
        var shift: UInt32 = 12
        while true {
            let nibble = UInt8(truncatingIfNeeded: (scalar >> shift) & 0xF)
            output.append(nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10)
            if shift == 0 { break }
            shift &-= 4
        }
    }

    /// The letter after the backslash, when `scalar` has a two-byte escape.
    @inlinable
    static func shortForm(of scalar: UInt32, _ shortForms: ShortForms) -> UInt8? {
        switch scalar {
        case 0x22: UInt8(ascii: "\"")
        case 0x5C: UInt8(ascii: "\\")
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08 where shortForms == .all: UInt8(ascii: "b")
        case 0x0C where shortForms == .all: UInt8(ascii: "f")
        default: nil
        }
    }
}
