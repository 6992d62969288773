import Glibc

/// A string that is equal to another, and hashes, only by its UTF-8 bytes:
/// the identity of an id, a cache key, a document text or a token subject.
///
/// Why not `String` itself: `String`'s `==` and hashing follow Unicode
/// canonical equivalence, so "Jos\u{E9}" (NFC) and "Jose\u{301}" (NFD) are
/// one key to a `[String: V]`, while SQLite and PostgreSQL compare TEXT byte
/// by byte and hold them as two users. A cache or a check keyed by `String`
/// then answers one with the other's data. Keyed by this type, two strings
/// are one key exactly when the stores would take them as one id.
///
/// It lives in `Locking`, the leaf module every layer already imports, so
/// that each layer uses this one definition. `public`, not `package`: Swift
/// 6.3 inlines another module's `@inlinable` code only when it is public, and
/// these compares run hundreds of times a request. It stores the string itself:
/// making a key allocates nothing, and comparing two costs `String`'s own
/// compare plus, for equal strings, a `memcmp` of storage they already have.
public struct UTF8Key: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let string: String

    @inlinable
    public init(_ string: String) {
        self.string = string
    }

    public init(stringLiteral value: String) {
        self.string = value
    }

    public var description: String { string }

    /// Byte equality implies canonical equivalence, so `String`'s own `==`
    /// (a compare of the bits for identical or small strings) rules out
    /// almost every unequal pair first; only strings it finds equal have
    /// their bytes compared, which tells NFC from NFD.
    @inlinable
    public static func == (lhs: UTF8Key, rhs: UTF8Key) -> Bool {
        guard lhs.string == rhs.string else { return false }
        let left = lhs.string.utf8, right = rhs.string.utf8
        let count = left.count
        guard count == right.count else { return false }
        // Native strings (all of ours on Linux) are contiguous UTF-8: one memcmp.
        let compared = left.withContiguousStorageIfAvailable { leftBytes in
            right.withContiguousStorageIfAvailable { rightBytes in
                guard let leftStart = leftBytes.baseAddress, let rightStart = rightBytes.baseAddress else { return true }  // both empty
                return memcmp(leftStart, rightStart, count) == 0
            }
        }
        if let compared, let equal = compared { return equal }
        return left.elementsEqual(right)
    }

    /// By bytes too, not `String`'s hash: NFC and NFD spellings then hash
    /// apart, so an index by hash alone (the response cache's by moment)
    /// never takes one for the other.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        let bytes = string.utf8
        if bytes.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            // The same bytes fed the same way, so that equal keys hash alike however they are stored.
            Array(bytes).withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        // A terminator, as `String` hashes one: keys hashed one after the
        // other ("ab", "c" and "a", "bc") then feed the hasher different bytes.
        hasher.combine(0xFF as UInt8)
    }
}

extension UTF8Key {
    /// Whether two optional strings are the same bytes (two nils are).
    @inlinable
    public static func same(_ lhs: String?, _ rhs: String?) -> Bool {
        switch (lhs, rhs) {
        case (nil, nil): true
        case (let lhs?, let rhs?): UTF8Key(lhs) == UTF8Key(rhs)
        default: false
        }
    }

    /// Whether two lists of strings are the same bytes, item by item.
    @inlinable
    public static func same(_ lhs: [String], _ rhs: [String]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { UTF8Key($0) == UTF8Key($1) }
    }
}
