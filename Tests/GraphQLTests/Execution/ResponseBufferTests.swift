import Testing

@testable import GraphQL

/// The response buffer writes through raw pointers with its own growth and
/// short-copy paths: every length around the word sizes, from a buffer that
/// must grow, has to come out byte for byte.
struct ResponseBufferTests {
    @Test(arguments: 0...40)
    func appendsRunsOfEveryShortLengthAndGrows(_ length: Int) {
        let run = (0..<length).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
        var buffer = ResponseBuffer(capacity: 0)
        var expected: [UInt8] = []
        for round in 0..<5 {
            buffer.append(UInt8(ascii: ","))
            run.withUnsafeBytes { buffer.append($0) }
            expected.append(UInt8(ascii: ","))
            expected.append(contentsOf: run)
            #expect(buffer.count == expected.count, "round \(round)")
        }
        #expect(buffer.bytes == expected)
    }

    /// Escaping every special byte at every position of strings around the
    /// word size agrees with a byte-at-a-time writer.
    @Test(arguments: [0, 1, 7, 8, 9, 15, 16, 17, 23])
    func escapesAsTheByteRuleWherever(_ length: Int) {
        for position in 0..<max(length, 1) {
            for special in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00, 0x0A, 0x1F, UInt8(ascii: "a")] {
                var text = [UInt8](repeating: UInt8(ascii: "x"), count: length)
                if position < length { text[position] = special }
                var buffer = ResponseBuffer(capacity: 0)
                text.withUnsafeBufferPointer { buffer.appendJSONString(utf8: $0) }
                #expect(buffer.bytes == Self.referenceJSONString(text), "\(special) at \(position) of \(length)")
            }
        }
    }

    @Test func replacesTheTailWithNull() {
        var buffer = ResponseBuffer(capacity: 4)
        buffer.appendASCII("{\"a\":")
        let start = buffer.count
        buffer.appendJSONString("partial value")
        buffer.replaceTail(from: start)
        buffer.append(UInt8(ascii: "}"))
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #"{"a":null}"#)
    }

    @Test(arguments: [0, 7, -7, 10, 1_700_000_000, Int.max, Int.min])
    func writesIntegersAsDecimal(_ value: Int) {
        var buffer = ResponseBuffer(capacity: 0)
        buffer.appendJSONInt(value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
    }

    static func referenceJSONString(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x00..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out += Array(#"\u00"#.utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
        return out
    }
}
