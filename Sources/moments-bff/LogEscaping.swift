/// How a log format writes the bytes it escapes; the walk over a value's
/// UTF-8 (`appendEscaped`) is the same for both formats (`LogLine`,
/// `JSONLogLine`), which differ only in this.
protocol LogEscaping {
    /// Printable ASCII (0x20..<0x7F) that the format escapes too (its quote, `\`).
    static func escapes(printable byte: UInt8) -> Bool
    /// Bytes `appendEscape` writes for `scalar`.
    static func escapedLength(_ scalar: UInt32) -> Int
    static func appendEscape(_ scalar: UInt32, to bytes: inout [UInt8])
}

extension LogEscaping {
    /// Appends `input` to `bytes`: plain text as it is; the format's printable
    /// escapes, the C0 and C1 controls, DEL, U+2028 and U+2029 escaped; a byte
    /// that cannot lead a UTF-8 sequence (a `String` never holds one) as
    /// U+FFFD. Cut after `limit` bytes written, never inside an escape or a
    /// sequence, followed by `...[N more bytes]`, N counting the bytes of
    /// `input` left out.
    static func appendEscaped(utf8 input: UnsafeBufferPointer<UInt8>, limit: Int, to bytes: inout [UInt8]) {
        let budgetEnd = bytes.count + limit
        var index = 0
        while index < input.count {
            let byte = input[index]
            // Fast path: printable ASCII the format leaves as it is.
            if byte >= 0x20 && byte < 0x7F && !escapes(printable: byte) {
                guard bytes.count < budgetEnd else { break }
                bytes.append(byte)
                index += 1
                continue
            }
            let length: Int
            var escape: UInt32?  // the scalar to write as an escape, if any
            switch byte {
            case 0x20..<0x7F, 0x00..<0x20, 0x7F:
                length = 1
                escape = UInt32(byte)
            case 0xC2 where index + 1 < input.count && (0x80...0x9F).contains(input[index + 1]):
                length = 2
                escape = UInt32(input[index + 1])  // C1: U+0080–U+009F is C2 80–C2 9F
            case 0xE2 where index + 2 < input.count && input[index + 1] == 0x80 && (input[index + 2] == 0xA8 || input[index + 2] == 0xA9):
                length = 3
                escape = 0x2000 + UInt32(input[index + 2] - 0x80)  // U+2028, U+2029
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default:
                // Not a lead byte of valid UTF-8: written as U+FFFD, so the
                // line stays valid UTF-8 whatever came in.
                length = 1
                escape = 0xFFFD
            }
            let sequenceEnd = Swift.min(index + length, input.count)
            if let escape {
                guard bytes.count + escapedLength(escape) <= budgetEnd else { break }
                appendEscape(escape, to: &bytes)
            } else {
                guard bytes.count + (sequenceEnd - index) <= budgetEnd else { break }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<sequenceEnd]))
            }
            index = sequenceEnd
        }
        if index < input.count {
            var marker = LogLine(capacity: 40)
            marker.append("...[")
            marker.appendDecimal(input.count - index)
            marker.append(" more bytes]")
            bytes.append(contentsOf: marker.bytes)
        }
    }

    /// Lowercase hexadecimal digits of `scalar`, `digits` of them.
    static func appendHex(_ scalar: UInt32, digits: Int, to bytes: inout [UInt8]) {
        var shift = (digits - 1) * 4
        while shift >= 0 {
            let nibble = UInt8((scalar >> UInt32(shift)) & 0xF)
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
            shift -= 4
        }
    }
}
