import Testing
@testable import MomentsStorage

/// The bounded map under the read cache: CLOCK (second-chance) eviction.
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
}
