import Locking
import Testing

/// `UTF8Key`: equal and hashed by UTF-8 bytes, where `String` follows
/// Unicode canonical equivalence.
struct UTF8KeyTests {
    static let composed = "Jos\u{E9}"
    static let decomposed = "Jose\u{301}"

    @Test func canonicallyEquivalentSpellingsAreTwoKeys() {
        // What `String` does, and why the key exists.
        #expect(Self.composed == Self.decomposed)
        #expect(Set([Self.composed, Self.decomposed]).count == 1)

        #expect(UTF8Key(Self.composed) != UTF8Key(Self.decomposed))
        #expect(Set([UTF8Key(Self.composed), UTF8Key(Self.decomposed)]).count == 2)
        var byKey: [UTF8Key: Int] = [:]
        byKey[UTF8Key(Self.composed)] = 1
        byKey[UTF8Key(Self.decomposed)] = 2
        #expect(byKey[UTF8Key(Self.composed)] == 1)
        #expect(byKey[UTF8Key(Self.decomposed)] == 2)
        // A singleton decomposition: KELVIN SIGN is canonically "K".
        #expect("\u{212A}" == "K")
        #expect(UTF8Key("\u{212A}") != UTF8Key("K"))
        // The same marks in another order: canonically equal, as many bytes, other bytes.
        let ordered = "a\u{301}\u{323}", reordered = "a\u{323}\u{301}"
        #expect(ordered == reordered && ordered.utf8.count == reordered.utf8.count)
        #expect(UTF8Key(ordered) != UTF8Key(reordered))
        #expect(Set([UTF8Key(ordered), UTF8Key(reordered)]).count == 2)
    }

    @Test func theSameBytesAreOneKeyHowEverTheStringWasMade() {
        let pairs: [(String, String)] = [
            ("", String()),
            (Self.decomposed, "Jose" + "\u{301}"),
            // Past the 15 bytes a small string holds: stored on the heap.
            (String(repeating: Self.decomposed, count: 10), String(repeating: "Jose\u{301}", count: 10)),
            (Self.composed, String(Substring("xJos\u{E9}".dropFirst()))),
            (Self.composed, String(decoding: Array(Self.composed.utf8), as: UTF8.self)),
        ]
        for (a, b) in pairs {
            #expect(UTF8Key(a) == UTF8Key(b))
            #expect(UTF8Key(a).hashValue == UTF8Key(b).hashValue)
        }
    }

    @Test func keysDifferingInAnyByteOrLengthDiffer() {
        let keys = ["", "a", "ab", "ba", "a\u{0}", "abc", "abd", String(repeating: "a", count: 40), String(repeating: "a", count: 41)]
        #expect(Set(keys.map { UTF8Key($0) }).count == keys.count)
        for (i, a) in keys.enumerated() {
            for (j, b) in keys.enumerated() {
                #expect((UTF8Key(a) == UTF8Key(b)) == (i == j), "\(a.debugDescription) \(b.debugDescription)")
            }
        }
    }

    @Test func optionalAndListComparisonsAreByteWise() {
        #expect(UTF8Key.same(nil, nil))
        #expect(!UTF8Key.same(Self.composed, nil))
        #expect(!UTF8Key.same(nil, Self.composed))
        #expect(UTF8Key.same(Self.composed, Self.composed))
        #expect(!UTF8Key.same(Self.composed, Self.decomposed))
        #expect(UTF8Key.same(["a", Self.composed], ["a", Self.composed]))
        #expect(!UTF8Key.same(["a", Self.composed], ["a", Self.decomposed]))
        #expect(!UTF8Key.same(["a"], ["a", "b"]))
    }
}
