/// How often keys were asked for lately, approximately, in fixed memory: a
/// count-min sketch of 4-bit counters that halves itself every
/// `sampleSize` increments (TinyLFU, Einziger et al.; the admission filter
/// of Caffeine). `ResponseCache` admits a new answer over an old one only
/// when the new one's key is asked for more often: under uniformly spread
/// requests nothing churns (an answer stored only to be evicted costs its
/// execution's allocation twice and fragments the heap), while a key asked
/// again and again gets in.
///
/// Not thread-safe: `ResponseCache` keeps it under its lock.
struct FrequencySketch {
    /// Counters per row; a power of two.
    private let width: Int
    private var counters: [UInt8]
    private var increments = 0
    private let sampleSize: Int

    static let rows = 4
    static let maximum: UInt8 = 15

    /// Sized for about `entries` distinct keys in the cache.
    init(entries: Int) {
        var width = 1_024
        while width < entries * 4 && width < (1 << 20) { width <<= 1 }
        self.width = width
        counters = [UInt8](repeating: 0, count: width * Self.rows)
        sampleSize = width * 10
    }

    /// Memory the counters take.
    var bytes: Int { counters.count }

    func frequency(_ hash: Int) -> UInt8 {
        var least = Self.maximum
        for row in 0..<Self.rows { least = min(least, counters[index(hash, row)]) }
        return least
    }

    mutating func increment(_ hash: Int) {
        for row in 0..<Self.rows {
            let slot = index(hash, row)
            if counters[slot] < Self.maximum { counters[slot] += 1 }
        }
        increments += 1
        if increments >= sampleSize {
            // Ageing: recent requests count more than old ones.
            for slot in counters.indices { counters[slot] >>= 1 }
            increments /= 2
        }
    }

    /// Row `row`'s counter for `hash`: the hash remixed per row.
    private func index(_ hash: Int, _ row: Int) -> Int {
        var mixed = UInt64(bitPattern: Int64(hash)) &+ UInt64(row) &* 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 31)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 29
        return row * width + Int(truncatingIfNeeded: mixed) & (width - 1)
    }
}
