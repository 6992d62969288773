/// The few protobuf wire types OTLP needs, appended to one buffer
/// (protobuf.dev/programming-guides/encoding): varints, fixed 32/64-bit
/// words, and length-delimited bytes and messages. Writes every field it is
/// given: leaving out proto3 defaults is the caller's choice, since a
/// `oneof` member (`AnyValue.bool_value = false`) must be written anyway.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    private enum WireType: UInt64 {
        case varint = 0
        case fixed64 = 1
        case lengthDelimited = 2
        case fixed32 = 5
    }

    mutating func varint(_ field: Int, _ value: UInt64) {
        tag(field, .varint)
        appendVarint(value)
    }

    mutating func bool(_ field: Int, _ value: Bool) { varint(field, value ? 1 : 0) }

    /// `int64`: a negative number is its two's complement, ten bytes long (not zigzag, which is `sint64`).
    mutating func int64(_ field: Int, _ value: Int64) { varint(field, UInt64(bitPattern: value)) }

    mutating func fixed64(_ field: Int, _ value: UInt64) {
        tag(field, .fixed64)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func fixed32(_ field: Int, _ value: UInt32) {
        tag(field, .fixed32)
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    /// A `double` is its IEEE 754 bits, little-endian, as a fixed64.
    mutating func double(_ field: Int, _ value: Double) { fixed64(field, value.bitPattern) }

    mutating func bytes(_ field: Int, _ value: [UInt8]) {
        tag(field, .lengthDelimited)
        appendVarint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func string(_ field: Int, _ value: String) {
        tag(field, .lengthDelimited)
        appendVarint(UInt64(value.utf8.count))
        bytes.append(contentsOf: value.utf8)
    }

    /// An embedded message: `body` writes its fields after a one-byte length,
    /// which is right for most (a key and its value, under 128 bytes); a longer
    /// body gets the rest of its length's bytes inserted, shifting it once.
    /// No buffer per message: the span's 25 or so messages would each allocate one.
    mutating func message(_ field: Int, _ body: (inout ProtobufWriter) -> Void) {
        tag(field, .lengthDelimited)
        let lengthAt = bytes.count
        bytes.append(0)
        body(&self)
        let length = UInt64(bytes.count &- lengthAt &- 1)
        guard length >= 0x80 else { return bytes[lengthAt] = UInt8(truncatingIfNeeded: length) }
        bytes[lengthAt] = UInt8(truncatingIfNeeded: length) | 0x80
        var more: [UInt8] = []
        Self.varint(length >> 7, into: &more)
        bytes.insert(contentsOf: more, at: lengthAt &+ 1)
    }

    private mutating func tag(_ field: Int, _ type: WireType) {
        appendVarint(UInt64(field) << 3 | type.rawValue)
    }

    private mutating func appendVarint(_ value: UInt64) { Self.varint(value, into: &bytes) }

    /// Seven bits a byte, least significant group first; the high bit says more follow.
    private static func varint(_ value: UInt64, into buffer: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            buffer.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        buffer.append(UInt8(truncatingIfNeeded: rest))
    }
}
