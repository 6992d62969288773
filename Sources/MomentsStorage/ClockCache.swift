/// A map of at most `capacity` entries that evicts with the CLOCK
/// (second-chance) algorithm: a hit only sets the entry's reference bit (a
/// store into an existing slot, no allocation, no list to relink as an LRU
/// would need), and a full cache sweeps a hand over the slots, clearing set
/// bits and evicting the first entry whose bit is clear.
///
/// Not thread-safe: `ReadCache` keeps it under its lock.
struct ClockCache<Key: Hashable, Value> {
    fileprivate struct Slot {
        var key: Key?
        var value: Value?
        var isReferenced = false
    }

    /// Most entries held. Inserting into a full cache evicts one.
    let capacity: Int
    private var index: [Key: Int] = [:]
    private var slots: [Slot] = []
    /// Slots emptied by `removeValue(for:)`, reused before the hand sweeps.
    private var freeSlots: [Int] = []
    private var hand = 0

    init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one entry")
        self.capacity = capacity
    }

    var count: Int { index.count }

    /// The value for `key`, marking it recently used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        slots[slot].isReferenced = true
        return slots[slot].value
    }

    /// Whether `key` is held, without marking it used.
    func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Stores `value` for `key`, replacing any value, evicting one entry when full.
    mutating func setValue(_ value: Value, for key: Key) {
        if let slot = index[key] {
            slots[slot].value = value
            slots[slot].isReferenced = true
            return
        }
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
        } else if slots.count < capacity {
            slots.append(Slot())
            slot = slots.count - 1
        } else {
            slot = evict()
        }
        // New entries start unreferenced: one that is never read again goes first.
        slots[slot] = Slot(key: key, value: value, isReferenced: false)
        index[key] = slot
    }

    /// Removes and returns the value for `key`.
    @discardableResult
    mutating func removeValue(for key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        let value = slots[slot].value
        slots[slot] = Slot()
        freeSlots.append(slot)
        return value
    }

    /// Frees the slot the hand stops at. Every slot is occupied (no free
    /// ones, `slots.count == capacity`); one sweep clears every bit, so the
    /// second finds a victim.
    private mutating func evict() -> Int {
        for _ in 0..<(2 * slots.count) {
            if slots[hand].isReferenced {
                slots[hand].isReferenced = false
                hand = (hand + 1) % slots.count
            } else {
                break
            }
        }
        let slot = hand
        hand = (hand + 1) % slots.count
        if let key = slots[slot].key { index.removeValue(forKey: key) }
        return slot
    }
}

extension ClockCache: Sendable where Key: Sendable, Value: Sendable {}

extension ClockCache.Slot: Sendable where Key: Sendable, Value: Sendable {}
