/// How an input is fed in pieces, chosen by the input itself so that libFuzzer can steer it
/// while the whole input stays a plain wire (seeds are ordinary requests or bodies).
///
/// The last byte picks how many cuts (0–3); the bytes before it, two per cut, pick where.
/// Byte-by-byte feeding is always tried as well (`byteByByte`).
public enum Splits {
    /// Ascending, distinct cut offsets in `1..<count`.
    public static func cuts(_ bytes: UnsafeRawBufferPointer) -> [Int] {
        let count = bytes.count
        guard count > 2 else { return [] }
        let wanted = Int(bytes[count - 1] & 0x03)
        var cuts: [Int] = []
        for index in 0..<wanted {
            let high = count - 2 - 2 * index
            guard high >= 1 else { break }
            let raw = Int(bytes[high]) << 8 | Int(bytes[high - 1])
            cuts.append(1 + raw % (count - 1))
        }
        return Array(Set(cuts)).sorted()
    }

    /// Every offset: the input one byte at a time.
    public static func byteByByte(_ count: Int) -> [Int] {
        count > 1 ? Array(1..<count) : []
    }

    /// The pieces between `cuts` (plus the ends).
    public static func pieces(_ bytes: UnsafeRawBufferPointer, cuts: [Int]) -> [UnsafeRawBufferPointer] {
        var result: [UnsafeRawBufferPointer] = []
        var start = 0
        for cut in cuts + [bytes.count] {
            result.append(UnsafeRawBufferPointer(rebasing: bytes[start..<cut]))
            start = cut
        }
        return result
    }
}
