/// MurmurHash3, x86 32-bit variant, over UTF-8 bytes: the hash every Unleash
/// SDK buckets users with, so a user lands in the same bucket here as in the
/// app's own SDK or on the Unleash server.
package enum MurmurHash3 {
    package static func x86_32(_ text: String, seed: UInt32 = 0) -> UInt32 {
        let c1: UInt32 = 0xcc9e_2d51
        let c2: UInt32 = 0x1b87_3593
        var h = seed
        let bytes = Array(text.utf8)
        let blockCount = bytes.count / 4
        for block in 0..<blockCount {
            let i = block * 4
            var k = UInt32(bytes[i]) | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2]) << 16 | UInt32(bytes[i + 3]) << 24
            k &*= c1
            k = (k << 15) | (k >> 17)
            k &*= c2
            h ^= k
            h = (h << 13) | (h >> 19)
            h = h &* 5 &+ 0xe654_6b64
        }
        let tail = blockCount * 4
        var k1: UInt32 = 0
        switch bytes.count & 3 {
        case 3:
            k1 ^= UInt32(bytes[tail + 2]) << 16
            fallthrough
        case 2:
            k1 ^= UInt32(bytes[tail + 1]) << 8
            fallthrough
        case 1:
            k1 ^= UInt32(bytes[tail])
            k1 &*= c1
            k1 = (k1 << 15) | (k1 >> 17)
            k1 &*= c2
            h ^= k1
        default:
            break
        }
        h ^= UInt32(truncatingIfNeeded: bytes.count)
        h ^= h >> 16
        h &*= 0x85eb_ca6b
        h ^= h >> 13
        h &*= 0xc2b2_ae35
        h ^= h >> 16
        return h
    }
}

/// The specification's bucketing: `murmur3("groupId:identifier", seed) % normalizer + 1`,
/// a number in 1...normalizer.
package enum NormalizedHash {
    /// Strategies (gradual rollouts, flexibleRollout) bucket with seed 0 over 100.
    package static let strategySeed: UInt32 = 0
    /// Variants use their own seed, over the variants' total weight.
    package static let variantSeed: UInt32 = 86_028_157

    package static func value(identifier: String, groupId: String, normalizer: Int = 100, seed: UInt32 = strategySeed) -> Int {
        guard normalizer > 0 else { return 0 }
        let hash = MurmurHash3.x86_32("\(groupId):\(identifier)", seed: seed)
        return Int(hash % UInt32(clamping: normalizer)) + 1
    }
}
