/// The CLOCK (second-chance) eviction order shared by every cache that
/// evicts that way: entries sit in slots, each with a reference bit; a hit
/// only sets its entry's bit (a store into the slot, no allocation, no list
/// to relink as an LRU would need), and a victim is found by sweeping a hand
/// over the slots, clearing set bits, up to the first entry whose bit is
/// clear.
///
/// A slot keeps its entry for the entry's life (a removed entry's slot is
/// reused by a later insert), so a caller may hold a slot number as a handle
/// and reach the entry without a lookup. Keys, bounds and costs are the
/// caller's (`ClockCache` is the keyed map most caches use); this type is
/// only the order.
///
/// Public and `@inlinable`, where the rest of the package says `package`:
/// the compiler inlines and specialises another module's `@inlinable` body
/// only when it is public (Swift 6.3), and a package one stays a call,
/// unspecialised, every slot access through witness tables and runtime
/// metadata lookups. The same holds for `ClockCache` and `InvalidationGuard`.
/// Not thread-safe: each cache keeps it under its own lock.
public struct Clock<Entry> {
    @usableFromInline
    struct Slot {
        @usableFromInline var entry: Entry?
        @usableFromInline var isReferenced: Bool

        @inlinable
        init(entry: Entry?, isReferenced: Bool) {
            self.entry = entry
            self.isReferenced = isReferenced
        }
    }

    @usableFromInline var slots: [Slot] = []
    /// Slots emptied by `remove(_:)`, reused before the array grows.
    @usableFromInline var freeSlots: [Int] = []
    @usableFromInline var hand = 0

    @inlinable
    public init() {}

    /// Entries held.
    @inlinable
    public var count: Int { slots.count - freeSlots.count }

    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// A copy of the entry in `slot`, nil when the slot is empty; reading it
    /// does not mark it used (`markReferenced`).
    @inlinable
    public subscript(slot: Int) -> Entry? { slots[slot].entry }

    /// Lends the entry in `slot` (nil when empty) to `body` without copying it.
    /// Closures rather than `_read`/`_modify` accessors: a coroutine accessor
    /// that is not inlined whole allocates its frame on every access. Through
    /// the buffer, because `Array`'s getter copies the element out first.
    @inlinable
    public func withEntry<Result>(at slot: Int, _ body: (borrowing Entry?) -> Result) -> Result {
        precondition(slots.indices.contains(slot), "a slot of this clock")
        return slots.withUnsafeBufferPointer { body($0[slot].entry) }
    }

    /// Lends the entry in `slot` (nil when empty) to `body` to change in
    /// place; its bit stays as it is.
    @inlinable
    public mutating func modifyEntry<Result>(at slot: Int, _ body: (inout Entry?) -> Result) -> Result {
        body(&slots[slot].entry)
    }

    /// Stores `entry` in a free slot, or a new one; returns the slot.
    /// `referenced`: whether it starts with its bit set (one more sweep
    /// before it can be evicted) or clear (an entry never used again goes first).
    @inlinable
    @discardableResult
    public mutating func insert(_ entry: Entry, referenced: Bool) -> Int {
        if let slot = freeSlots.popLast() {
            slots[slot] = Slot(entry: entry, isReferenced: referenced)
            return slot
        }
        slots.append(Slot(entry: entry, isReferenced: referenced))
        return slots.count - 1
    }

    /// Empties `slot` and returns what it held.
    @inlinable
    @discardableResult
    public mutating func remove(_ slot: Int) -> Entry? {
        guard let entry = slots[slot].entry else { return nil }
        slots[slot] = Slot(entry: nil, isReferenced: false)
        freeSlots.append(slot)
        return entry
    }

    /// Marks the entry in `slot` used since the hand last passed it.
    @inlinable
    public mutating func markReferenced(_ slot: Int) {
        slots[slot].isReferenced = true
    }

    /// The slot of the next entry to evict: the first occupied one from the
    /// hand on whose bit is clear, clearing set bits on the way; the hand
    /// moves past it. Nil when empty. The caller removes it (or, refusing
    /// to, leaves it for the hand's next round).
    @inlinable
    public mutating func victim() -> Int? {
        guard !isEmpty else { return nil }
        // One sweep clears every bit, so the second finds a victim.
        for _ in 0..<(2 * slots.count + 1) {
            let slot = hand
            hand = hand + 1 == slots.count ? 0 : hand + 1
            guard slots[slot].entry != nil else { continue }
            if !slots[slot].isReferenced { return slot }
            slots[slot].isReferenced = false
        }
        return nil
    }

    /// Calls `body` with every entry held, in slot order.
    @inlinable
    public func forEach(_ body: (Entry) throws -> Void) rethrows {
        for slot in slots {
            if let entry = slot.entry { try body(entry) }
        }
    }
}

extension Clock: Sendable where Entry: Sendable {}

extension Clock.Slot: Sendable where Entry: Sendable {}
