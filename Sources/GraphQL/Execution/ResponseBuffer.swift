#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a response being written: a manually grown buffer, so that
/// writing a key or a string is one capacity check and a `memcpy`, without
/// `Array`'s uniqueness checks and bookkeeping on every append.
///
/// Non-copyable: it owns its memory and frees it in `deinit`.
struct ResponseBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    /// The smallest capacity allocated.
    static let minimumCapacity = 64

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, Self.minimumCapacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far, as an array (one copy).
    var bytes: [UInt8] { bytes(from: 0) }

    /// The bytes written from `offset` on, as an array (one copy).
    func bytes(from offset: Int) -> [UInt8] {
        [UInt8](UnsafeBufferPointer(start: base + offset, count: count - offset))
    }

    /// Makes room for `extra` more bytes; the appends that follow within that
    /// room may be `appendUnchecked`.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = Swift.max(capacity &* 2, count &+ extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends within room made by `reserve`.
    @inline(__always)
    mutating func appendUnchecked(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        appendUnchecked(byte)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        reserve(bytes.count)
        appendUnchecked(bytes)
    }

    /// Appends within room made by `reserve`.
    @inline(__always)
    mutating func appendUnchecked(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        let target = UnsafeMutableRawPointer(base + count)
        // Keys and most values are short: two overlapping word copies
        // instead of a call to `memcpy`.
        if length >= 8, length <= 16 {
            target.storeBytes(of: source.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                toByteOffset: length &- 8, as: UInt64.self)
        } else if length >= 4, length < 8 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self),
                toByteOffset: length &- 4, as: UInt32.self)
        } else {
            memcpy(target, source, length)
        }
        count &+= length
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    @inline(__always)
    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    @inline(__always)
    mutating func appendASCII(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Copies the leading bytes of `source` that need no JSON escape (not a
    /// control character, `"` or `\`), eight at a time with the "has less /
    /// has zero byte" word tricks, into room made by `reserve`; returns how
    /// many it copied. One pass: the check and the copy.
    @inline(__always)
    mutating func appendUncheckedPlainPrefix(_ source: UnsafeBufferPointer<UInt8>) -> Int {
        guard let sourceBase = source.baseAddress else { return 0 }
        let from = UnsafeRawPointer(sourceBase)
        let to = UnsafeMutableRawPointer(base + count)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var offset = 0
        while offset &+ 8 <= source.count {
            let word = from.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            let quotes = word ^ (ones &* 0x22)
            let backslashes = word ^ (ones &* 0x5C)
            let flagged = ((word &- ones &* 0x20) & ~word)
                | ((quotes &- ones) & ~quotes)
                | ((backslashes &- ones) & ~backslashes)
            if flagged & highs != 0 { break }
            to.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        while offset < source.count {
            let byte = sourceBase[offset]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { break }
            to.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            offset &+= 1
        }
        count &+= offset
        return offset
    }

    /// Drops everything written from `offset` on.
    @inline(__always)
    mutating func truncate(to offset: Int) {
        precondition(offset >= 0 && offset <= count, "truncating past the written bytes")
        count = offset
    }

    /// Reverses the bytes from `offset` to the end (digits written backwards).
    mutating func reverseTail(from offset: Int) {
        var tail = UnsafeMutableBufferPointer(start: base + offset, count: count - offset)
        tail.reverse()
    }
}

/// A stack of trivial values over manually grown memory: pushes and pops
/// without `Array`'s uniqueness checks.
struct TrivialStack<Element: BitwiseCopyable>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 4)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    mutating func pop() {
        precondition(count > 0, "popping an empty stack")
        count &-= 1
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = capacity &* 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    func map<T>(_ transform: (Element) -> T) -> [T] {
        UnsafeBufferPointer(start: base, count: count).map(transform)
    }
}
