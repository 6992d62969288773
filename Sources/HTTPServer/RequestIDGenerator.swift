import HTTP1
import Synchronization

/// Makes request ids for requests that bring none (see `RequestID`):
/// `PREFIX-COUNTER`, a per-process random prefix and a counter, e.g.
/// `k3f9qz-0000001a`.
///
/// Cheap on purpose (one relaxed atomic increment and 15 bytes formatted
/// into a small string, which Swift keeps inline: no allocation, no
/// cryptography per request). Unique within a process; across processes
/// the 30-bit random prefix makes a clash between two running servers
/// unlikely, which is all a log search needs. Not a secret and not
/// unguessable: never use it to authorize anything.
package final class RequestIDGenerator: Sendable {
    /// Base-32 digits (lowercase, no `i`, `l`, `o`, `u`: nothing to misread).
    private static let digits: [UInt8] = Array("0123456789abcdefghjkmnpqrstvwxyz".utf8)
    /// Characters of the random prefix (5 bits each).
    static let prefixLength = 6
    /// Counter digits before it grows wider (40 bits: 127 days at 100,000 requests a second).
    static let counterWidth = 8

    private let prefix: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8)
    private let counter = Atomic<UInt64>(0)

    package init() {
        var generator = SystemRandomNumberGenerator()
        let random = generator.next() as UInt64
        let d = Self.digits
        prefix = (
            d[Int(random & 31)], d[Int(random >> 5 & 31)], d[Int(random >> 10 & 31)],
            d[Int(random >> 15 & 31)], d[Int(random >> 20 & 31)], d[Int(random >> 25 & 31)]
        )
    }

    /// The client's id if it sent one valid one, else a new one.
    package func id(for headers: HTTPHeaders) -> String {
        RequestID.kept(from: headers) ?? next()
    }

    /// A new id.
    package func next() -> String {
        let value = counter.add(1, ordering: .relaxed).newValue
        var width = Self.counterWidth
        while width < 13, value >> UInt64(5 * width) != 0 { width += 1 }
        return String(unsafeUninitializedCapacity: Self.prefixLength + 1 + width) { buffer in
            buffer[0] = prefix.0
            buffer[1] = prefix.1
            buffer[2] = prefix.2
            buffer[3] = prefix.3
            buffer[4] = prefix.4
            buffer[5] = prefix.5
            buffer[6] = UInt8(ascii: "-")
            var rest = value
            var index = Self.prefixLength + width
            while index > Self.prefixLength {
                buffer[index] = Self.digits[Int(rest & 31)]
                rest >>= 5
                index -= 1
            }
            return Self.prefixLength + 1 + width
        }
    }
}
