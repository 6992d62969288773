import Locking
import Synchronization

/// A trace's id: 16 bytes, never all zero (W3C Trace Context §3.2.2.3).
package struct TraceID: Hashable, Sendable {
    package var high: UInt64
    package var low: UInt64

    package var isValid: Bool { high != 0 || low != 0 }

    /// 32 lowercase hex digits, as `traceparent`, OTLP/JSON and the logs write it.
    package var hex: String { HexDigits.string(high, low) }

    /// `hex`, appended to `bytes` without making a string (the access log's, per request).
    package func appendHex(to bytes: inout [UInt8]) {
        HexDigits.append(high, to: &bytes)
        HexDigits.append(low, to: &bytes)
    }

    /// The 16 bytes, most significant first (OTLP's `bytes trace_id`).
    package var bytes: [UInt8] { HexDigits.bytes(high) + HexDigits.bytes(low) }
}

/// A span's id: 8 bytes, never all zero.
package struct SpanID: Hashable, Sendable {
    package var value: UInt64

    package init(_ value: UInt64) { self.value = value }

    package var isValid: Bool { value != 0 }

    /// 16 lowercase hex digits.
    package var hex: String { HexDigits.string(value) }

    /// The 8 bytes, most significant first (OTLP's `bytes span_id`).
    package var bytes: [UInt8] { HexDigits.bytes(value) }
}

/// Random trace and span ids: SplitMix64 over one counter seeded from the
/// system's random source and advanced atomically, so no id waits for a lock
/// and none needs a `getrandom` call (ids need to be unique, not secret).
package final class IDGenerator: Sendable {
    private let state: Atomic<UInt64>

    package init(seed: UInt64? = nil) {
        var system = SystemRandomNumberGenerator()
        state = Atomic(seed ?? system.next())
    }

    /// The next `count` outputs of the sequence, taken in one step.
    private func next(_ count: UInt64) -> (UInt64, UInt64) {
        let last = state.wrappingAdd(SplitMix64.increment &* count, ordering: .relaxed).newValue
        return (SplitMix64.mix(last &- SplitMix64.increment &* (count &- 1)), SplitMix64.mix(last))
    }

    package func traceID() -> TraceID {
        while true {
            let (high, low) = next(2)
            let id = TraceID(high: high, low: low)
            if id.isValid { return id }
        }
    }

    package func spanID() -> SpanID {
        while true {
            let id = SpanID(next(1).1)
            if id.isValid { return id }
        }
    }
}

/// Hex digits of ids, written and read as bytes.
enum HexDigits {
    /// 16 digits per word: `append`'s, as a string.
    static func string(_ high: UInt64, _ low: UInt64? = nil) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(32)
        append(high, to: &bytes)
        if let low { append(low, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 16 digits, made on the stack and appended at once (one capacity check, not sixteen).
    static func append(_ word: UInt64, to bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { buffer in
            var rest = word
            for digit in (0..<16).reversed() {
                let value = UInt8(truncatingIfNeeded: rest & 0xF)
                buffer[digit] = value < 10 ? value &+ 0x30 : value &+ 0x57  // "0"..."9", "a"..."f"
                rest >>= 4
            }
            bytes.append(contentsOf: buffer)
        }
    }

    static func bytes(_ word: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: word >> UInt64(56 - $0 * 8)) }
    }

    /// The value of at most 16 lowercase hex digits; nil for any other byte
    /// (W3C Trace Context allows lowercase only).
    static func value(_ bytes: some Collection<UInt8>) -> UInt64? {
        guard bytes.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in bytes {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }
}
