#if canImport(Glibc)
import Glibc
#endif

/// Where `ResponseCache` keeps answer bodies: one region of `blockSize`
/// blocks, mapped once, handed out and taken back by index.
///
/// Why not arrays on the malloc heap: kept answers come and go as likes
/// invalidate them, each allocated by whichever handler thread executed
/// it; glibc's per-thread arenas could not return the holes they left, and
/// an 8 MiB cache grew the process by over 20 MiB under `like-mix`
/// (measured: 50 MB peak RSS against 28 MB without the cache). Why not a
/// mapping per answer: `munmap` in a multi-threaded process costs a TLB
/// shootdown on every core (measured: a third of the throughput). Here the
/// region is touched only as far as blocks are used, blocks are reused
/// most recent first, and the memory is at most the region.
///
/// Not thread-safe: `ResponseCache` keeps it under its lock.
struct BlockArena: @unchecked Sendable {
    // @unchecked: the pointer is the region's, used only under the cache's lock.
    static let blockSize = 4_096

    private let base: UnsafeMutableRawPointer?
    let blockCount: Int
    /// Blocks never handed out start at `nextUnused`; freed ones wait in `free`.
    private var nextUnused = 0
    private var free: [Int32] = []

    /// A region of `bytes` rounded down to whole blocks (none when mapping fails:
    /// then nothing is kept).
    init(bytes: Int) {
        let count = min(max(0, bytes / Self.blockSize), Int(Int32.max))
        var address: UnsafeMutableRawPointer?
        if count > 0 {
            let mapped = mmap(nil, count * Self.blockSize, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
            if let mapped, mapped != MAP_FAILED { address = mapped }
        }
        base = address
        blockCount = address == nil ? 0 : count
    }

    static func blocks(for byteCount: Int) -> Int {
        max(1, (byteCount + blockSize - 1) / blockSize)
    }

    var availableBlocks: Int { blockCount - nextUnused + free.count }

    /// Copies `bytes` into free blocks; nil when there are not enough.
    mutating func store(_ bytes: [UInt8]) -> [Int32]? {
        let needed = Self.blocks(for: bytes.count)
        guard let base, needed <= availableBlocks else { return nil }
        var blocks: [Int32] = []
        blocks.reserveCapacity(needed)
        for _ in 0..<needed {
            if let reused = free.popLast() {
                blocks.append(reused)
            } else {
                blocks.append(Int32(nextUnused))
                nextUnused += 1
            }
        }
        bytes.withUnsafeBytes { source in
            for (position, block) in blocks.enumerated() {
                let start = position * Self.blockSize
                let length = min(Self.blockSize, source.count - start)
                guard length > 0, let from = source.baseAddress else { break }
                (base + Int(block) * Self.blockSize).copyMemory(from: from + start, byteCount: length)
            }
        }
        return blocks
    }

    /// The `count` bytes kept in `blocks`, as one array.
    func load(_ blocks: [Int32], count: Int) -> [UInt8] {
        guard let base else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let target = buffer.baseAddress else { return }
            for (position, block) in blocks.enumerated() {
                let start = position * Self.blockSize
                let length = min(Self.blockSize, count - start)
                guard length > 0 else { break }
                (target + start).initialize(
                    from: (base + Int(block) * Self.blockSize).assumingMemoryBound(to: UInt8.self), count: length)
            }
            initialized = count
        }
    }

    /// Returns the region; called once, when the cache goes away.
    func unmap() {
        if let base { munmap(base, blockCount * Self.blockSize) }
    }

    mutating func release(_ blocks: [Int32]) {
        free.append(contentsOf: blocks)
    }
}
