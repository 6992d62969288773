import Locking

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

/// Random trace and span ids. One generator seeded from the system's random
/// source and advanced under a lock: a `getrandom` call per id would cost
/// more than the span (ids need to be unique, not secret).
package final class IDGenerator: Sendable {
    private let state: Locked<SplitMix64>

    package init(seed: UInt64? = nil) {
        var system = SystemRandomNumberGenerator()
        state = Locked(SplitMix64(seed: seed ?? system.next()))
    }

    package func traceID() -> TraceID {
        state.withLock { generator in
            while true {
                let id = TraceID(high: generator.next(), low: generator.next())
                if id.isValid { return id }
            }
        }
    }

    /// A new trace's id and its root span's.
    package func rootIDs() -> (TraceID, SpanID) {
        state.withLock { generator in
            var trace = TraceID(high: generator.next(), low: generator.next())
            while !trace.isValid { trace = TraceID(high: generator.next(), low: generator.next()) }
            var span = SpanID(generator.next())
            while !span.isValid { span = SpanID(generator.next()) }
            return (trace, span)
        }
    }

    package func spanID() -> SpanID {
        state.withLock { generator in
            while true {
                let id = SpanID(generator.next())
                if id.isValid { return id }
            }
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
