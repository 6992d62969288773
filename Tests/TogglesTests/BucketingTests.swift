import Testing

@testable import Toggles

/// MurmurHash3 and the normalisation, against published values, so buckets
/// agree with every other Unleash SDK.
@Suite struct BucketingTests {
    @Test(arguments: [
        ("", UInt32(0)),
        ("hello", UInt32(0x248b_fa47)),
        ("The quick brown fox jumps over the lazy dog", UInt32(0x2e4f_f723)),
    ])
    func murmurHash(_ text: String, _ expected: UInt32) {
        #expect(MurmurHash3.x86_32(text) == expected)
    }

    /// unleash-client-node's `normalizedValue` tests.
    @Test func normalizedHashMatchesTheNodeSDK() {
        #expect(NormalizedHash.value(identifier: "123", groupId: "gr1") == 73)
        #expect(NormalizedHash.value(identifier: "999", groupId: "groupX") == 25)
    }

    @Test func normalizedHashStaysInRange() {
        for id in 0..<1_000 {
            #expect((1...100).contains(NormalizedHash.value(identifier: String(id), groupId: "g")))
        }
    }
}
