/// SplitMix64 (Steele, Lea, Flood 2014): small, fast, and the same on every
/// platform. The one seeded generator: the synthetic data's rows, and trace
/// ids (which must be unique and evenly spread, not secret).
package struct SplitMix64: Sendable {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    /// What the state advances by at each step.
    @inlinable package static var increment: UInt64 { 0x9E37_79B9_7F4A_7C15 }

    package mutating func next() -> UInt64 {
        state &+= Self.increment
        return Self.mix(state)
    }

    /// The output for a state: a bijection, so a counter advanced by `increment`
    /// (atomically, by many threads) gives the same sequence as `next()`.
    @inlinable package static func mix(_ state: UInt64) -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in 0..<bound (bound > 0); the modulo bias is irrelevant for test data.
    package mutating func next(below bound: Int) -> Int {
        precondition(bound > 0, "empty range")
        return Int(next() % UInt64(bound))
    }
}
