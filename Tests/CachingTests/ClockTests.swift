import Caching
import Testing

/// The CLOCK order alone, as the response cache uses it: slots as handles,
/// a victim the caller may refuse, empty slots skipped and reused.
struct ClockTests {
    @Test func theVictimIsTheFirstUnreferencedEntryFromTheHand() {
        var clock = Clock<String>()
        let a = clock.insert("a", referenced: true)
        let b = clock.insert("b", referenced: false)
        #expect(clock.victim() == b)
        // Refused: it stays, and the hand has moved on; `a` lost its bit in the sweep.
        #expect(clock.victim() == a)
        #expect(clock.count == 2)
    }

    @Test func removedSlotsAreSkippedAndReused() {
        var clock = Clock<String>()
        let a = clock.insert("a", referenced: false)
        let b = clock.insert("b", referenced: false)
        #expect(clock.remove(a) == "a")
        #expect(clock.remove(a) == nil)
        #expect(clock[a] == nil)
        #expect(clock.victim() == b)
        #expect(clock.insert("c", referenced: false) == a)
        #expect(clock[a] == "c")
        var held: [String] = []
        clock.forEach { held.append($0) }
        #expect(held == ["c", "b"])
    }

    @Test func anEntryChangedInPlaceKeepsItsSlotAndBit() {
        var clock = Clock<[Int]>()
        let a = clock.insert([1], referenced: true)
        let b = clock.insert([2], referenced: false)
        clock.modifyEntry(at: a) { $0?.append(9) }
        #expect(clock[a] == [1, 9])
        #expect(clock.withEntry(at: a) { $0?.count } == 2)
        #expect(clock.withEntry(at: b) { $0?.count } == 1)
        #expect(clock.victim() == b)
    }

    @Test func anEmptyClockHasNoVictim() {
        var clock = Clock<Int>()
        #expect(clock.victim() == nil)
        let slot = clock.insert(1, referenced: true)
        clock.remove(slot)
        #expect(clock.victim() == nil)
        #expect(clock.isEmpty)
    }
}
