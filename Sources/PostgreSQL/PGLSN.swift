/// A position in PostgreSQL's write-ahead log (`pg_lsn`), as a number:
/// the text `X/Y` (two hexadecimal halves of 32 bits) is `X << 32 | Y`, so
/// positions compare as numbers and their difference is a count of bytes.
package enum PGLSN {
    /// The position `text` names, or nil when it is not `X/Y` with each half
    /// one to eight hexadecimal digits.
    package static func parse(_ text: some StringProtocol) -> UInt64? {
        let halves = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard halves.count == 2, let high = hex(halves[0]), let low = hex(halves[1]) else { return nil }
        return high << 32 | low
    }

    /// One half: 1 to 8 hexadecimal digits, so it fits 32 bits and the shift cannot overflow.
    private static func hex(_ digits: some Collection<UInt8>) -> UInt64? {
        guard (1...8).contains(digits.count) else { return nil }
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }
}
