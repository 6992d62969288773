import Caching
import Testing

/// The bounded map of the read, fragment and document caches: CLOCK (second-chance) eviction.
struct ClockCacheTests {
    enum Step: Sendable {
        case set(String)
        case get(String)
        case remove(String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let capacity: Int
        let steps: [Step]
        /// Keys held at the end, sorted.
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "under capacity keeps everything", capacity: 3, steps: [.set("a"), .set("b")], expected: ["a", "b"]),
        Case(name: "full cache evicts an unread entry", capacity: 2, steps: [.set("a"), .set("b"), .set("c")], expected: ["b", "c"]),
        Case(name: "a read entry gets a second chance", capacity: 2, steps: [.set("a"), .set("b"), .get("a"), .set("c")], expected: ["a", "c"]),
        Case(name: "all read: the sweep clears bits, then evicts the first", capacity: 2,
             steps: [.set("a"), .set("b"), .get("a"), .get("b"), .set("c")], expected: ["b", "c"]),
        Case(name: "replacing a key does not evict", capacity: 2, steps: [.set("a"), .set("b"), .set("a")], expected: ["a", "b"]),
        Case(name: "a removed entry's slot is reused", capacity: 2, steps: [.set("a"), .set("b"), .remove("a"), .set("c")], expected: ["b", "c"]),
        Case(name: "capacity one keeps the newest", capacity: 1, steps: [.set("a"), .get("a"), .set("b")], expected: ["b"]),
    ]

    @Test(arguments: cases)
    func evictsAsCLOCKDoes(_ testCase: Case) {
        var cache = ClockCache<String, Int>(capacity: testCase.capacity)
        for (number, step) in testCase.steps.enumerated() {
            switch step {
            case .set(let key): cache.setValue(number, for: key)
            case .get(let key): _ = cache.value(for: key)
            case .remove(let key): cache.removeValue(for: key)
            }
        }
        let held = ["a", "b", "c"].filter { cache.contains($0) }
        #expect(held == testCase.expected)
        #expect(cache.count == testCase.expected.count)
        #expect(cache.count <= testCase.capacity)
    }

    @Test func valuesFollowTheirKeys() {
        var cache = ClockCache<String, Int>(capacity: 4)
        for (index, key) in ["a", "b", "c", "d", "e", "f"].enumerated() { cache.setValue(index, for: key) }
        for (index, key) in ["a", "b", "c", "d", "e", "f"].enumerated() {
            if let value = cache.value(for: key) { #expect(value == index) }
        }
        #expect(cache.count == 4)
        #expect(cache.removeValue(for: "f") == 5)
        #expect(cache.value(for: "f") == nil)
    }

    /// A slot is a handle for the entry's life: marking it used through the
    /// handle spares the entry as a hit would.
    @Test func aSlotHandleMarksItsEntryUsed() throws {
        var cache = ClockCache<String, Int>(capacity: 2)
        let a = cache.setValue(0, for: "a")
        cache.setValue(1, for: "b")
        #expect(cache.slot(of: "a") == a)
        #expect(cache[slot: a] == 0)
        cache.markReferenced(a)
        cache.setValue(2, for: "c")
        #expect(cache.contains("a") && !cache.contains("b"))
        #expect(cache[slot: try #require(cache.slot(of: "c"))] == 2)
    }

    /// A cache bounded by something else than its count evicts by hand, in CLOCK order.
    @Test func evictTakesTheVictimsInClockOrder() {
        var cache = ClockCache<String, Int>(capacity: .max)
        for (index, key) in ["a", "b", "c"].enumerated() { cache.setValue(index, for: key) }
        _ = cache.value(for: "a")
        #expect(cache.evict()?.key == "b")
        #expect(cache.evict()?.key == "c")
        #expect(cache.evict()?.key == "a")
        #expect(cache.evict() == nil)
        #expect(cache.isEmpty)
    }

    /// An entry stored referenced outlives one sweep of the hand.
    @Test func anEntryStoredReferencedGetsASecondChance() {
        var cache = ClockCache<String, Int>(capacity: .max)
        cache.setValue(0, for: "a")
        cache.setValue(1, for: "b", referenced: true)
        #expect(cache.evict()?.key == "a")
        cache.setValue(2, for: "c")
        #expect(cache.evict()?.key == "c")
    }

    @Test func withValueLendsTheValueAndMarksItUsed() {
        var cache = ClockCache<String, [Int]>(capacity: 2)
        cache.setValue([1, 2], for: "a")
        cache.setValue([3], for: "b")
        #expect(cache.withValue(for: "a") { $0.count } == 2)
        #expect(cache.withValue(for: "z") { $0.count } == nil)
        cache.setValue([4], for: "c")
        #expect(cache.contains("a") && !cache.contains("b"))
    }
}
