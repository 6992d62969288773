/// A map of at most `capacity` entries in CLOCK order (`Clock`): what the
/// read cache, its interning table, the fragment cache and the document
/// cache keep their entries in. Inserting into a full map evicts the CLOCK's
/// victim; a cache bounded by something else (bytes) evicts with `evict()`
/// until what it adds fits.
///
/// Not thread-safe: each cache keeps it under its own lock.
public struct ClockCache<Key: Hashable, Value> {
    @usableFromInline
    struct Entry {
        @usableFromInline let key: Key
        @usableFromInline var value: Value

        @inlinable
        init(key: Key, value: Value) {
            self.key = key
            self.value = value
        }

        /// Lends the value to `body` in place. Why mutating: reached through
        /// the slot's in-place access, the value is not retained and released
        /// around the call, which on a hot entry read by two threads at once
        /// moves its header's cache line between the cores on every read.
        @inlinable
        mutating func read<Result>(_ body: (borrowing Value) -> Result) -> Result {
            body(value)
        }
    }

    /// Most entries held. Inserting into a full cache evicts one.
    public let capacity: Int
    @usableFromInline var index: [Key: Int] = [:]
    @usableFromInline var clock = Clock<Entry>()

    @inlinable
    public init(capacity: Int) {
        precondition(capacity > 0, "a cache holds at least one entry")
        self.capacity = capacity
    }

    @inlinable
    public var count: Int { index.count }

    @inlinable
    public var isEmpty: Bool { index.isEmpty }

    /// The value for `key`, marking it recently used.
    @inlinable
    public mutating func value(for key: Key) -> Value? {
        guard let slot = index[key] else { return nil }
        clock.markReferenced(slot)
        return clock.withEntry(at: slot) { $0?.value }
    }

    /// Calls `body` with the value for `key` in place (no copy), marking it
    /// recently used; nil when there is none.
    @inlinable
    public mutating func withValue<Result>(for key: Key, _ body: (borrowing Value) -> Result) -> Result? {
        guard let slot = index[key] else { return nil }
        clock.markReferenced(slot)
        return clock.modifyEntry(at: slot) { $0?.read(body) }
    }

    /// Whether `key` is held, without marking it used.
    @inlinable
    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// The slot of `key`'s entry: a handle for `markReferenced(_:)` and
    /// `subscript(slot:)` that stays valid until the entry is removed.
    @inlinable
    public func slot(of key: Key) -> Int? { index[key] }

    /// The value in `slot` (a handle from `slot(of:)` or `setValue`), not marked used.
    @inlinable
    public subscript(slot slot: Int) -> Value? { clock.withEntry(at: slot) { $0?.value } }

    /// Marks the entry in `slot` recently used, without a lookup.
    @inlinable
    public mutating func markReferenced(_ slot: Int) {
        clock.markReferenced(slot)
    }

    /// Stores `value` for `key`, replacing any value (and marking it used),
    /// evicting one entry when full. `referenced`: whether a new entry starts
    /// marked used. Returns the entry's slot.
    @inlinable
    @discardableResult
    public mutating func setValue(_ value: Value, for key: Key, referenced: Bool = false) -> Int {
        if let slot = index[key] {
            clock.modifyEntry(at: slot) { $0?.value = value }
            clock.markReferenced(slot)
            return slot
        }
        if index.count >= capacity { evict() }
        let slot = clock.insert(Entry(key: key, value: value), referenced: referenced)
        index[key] = slot
        return slot
    }

    /// Stores `value` for `key` as a new entry, evicting nothing: for a
    /// caller that has just looked `key` up and bounds the cache itself (one
    /// hash of the key fewer than `setValue`). An entry still held for `key`
    /// is dropped. Returns the entry's slot.
    @inlinable
    @discardableResult
    public mutating func insert(_ value: Value, for key: Key, referenced: Bool) -> Int {
        let slot = clock.insert(Entry(key: key, value: value), referenced: referenced)
        if let replaced = index.updateValue(slot, forKey: key) { clock.remove(replaced) }
        return slot
    }

    /// Removes and returns the value for `key`.
    @inlinable
    @discardableResult
    public mutating func removeValue(for key: Key) -> Value? {
        guard let slot = index.removeValue(forKey: key) else { return nil }
        return clock.remove(slot)?.value
    }

    /// Removes the CLOCK's victim and returns it; nil when empty.
    @inlinable
    @discardableResult
    public mutating func evict() -> (key: Key, value: Value)? {
        guard let slot = clock.victim(), let entry = clock.remove(slot) else { return nil }
        index.removeValue(forKey: entry.key)
        return (entry.key, entry.value)
    }
}

extension ClockCache: Sendable where Key: Sendable, Value: Sendable {}

extension ClockCache.Entry: Sendable where Key: Sendable, Value: Sendable {}
