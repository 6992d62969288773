/// base64url without padding (RFC 4648 §5), as JWS compact serialization
/// uses it (RFC 7515 §2). Strict: only the URL-safe alphabet, no `=`, no
/// whitespace, and the unused low bits of the last character must be zero,
/// so that each byte string has exactly one encoding.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func value(_ character: UInt8) -> UInt32? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(character - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(character - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(character - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// The bytes `text` encodes; nil for anything that is not canonical
    /// base64url. Linear in the input, which the caller bounds.
    static func decode(_ text: some Collection<UInt8>) -> [UInt8]? {
        // A lone final character carries 6 bits: not even one byte.
        guard text.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for character in text {
            guard let sextet = value(character) else { return nil }
            buffer = (buffer << 6) | sextet
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        // Leftover bits (2 or 4) must be zero (RFC 4648 §3.5, canonical encoding).
        guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return bytes
    }

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count * 4 + 2) / 3)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in bytes {
            buffer = (buffer << 8) | UInt32(byte)
            bits += 8
            while bits >= 6 {
                bits -= 6
                output.append(alphabet[Int((buffer >> UInt32(bits)) & 0x3F)])
            }
        }
        if bits > 0 { output.append(alphabet[Int((buffer << UInt32(6 - bits)) & 0x3F)]) }
        return String(decoding: output, as: UTF8.self)
    }
}
