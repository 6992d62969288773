import Caching
import Locking

/// Completed objects as response bytes, by selection and `FragmentKey`: an
/// object of a keyed type whose key was seen before under an equal selection
/// is copied instead of executed (see `Executor.completeKeyedObject`).
///
/// Bounded by `maxBytes`, estimated as the bytes plus a fixed overhead per
/// entry (`entryOverhead`), split evenly over `shardCount` shards, each with its
/// own lock, so the handler threads rarely wait for each other. A shard past
/// its share evicts by CLOCK (`ClockCache`): an entry read since the hand
/// last passed it stays one more round, and a new entry counts as read.
///
/// Nothing is ever invalidated, so no store needs a ticket
/// (`InvalidationGuard`): keys name immutable data (a moment's like data is
/// the snapshot instance a change replaces), so an entry is either right or
/// never asked for again. What is never asked for again is
/// dropped as soon as it can be told: an object's entries under one
/// selection (its lineage, kept in one shard) hold one `FragmentKey.other`
/// at a time, and storing one with another `other` (a moment whose likes
/// changed has a new snapshot) removes the older ones at once instead of
/// leaving them to age out: under a like mix the old fragments of every
/// liked moment would otherwise fill the cache to its bound (docs/performance.md).
package final class FragmentCache: Sendable {
    struct Key: Hashable, Sendable {
        /// The selection the bytes were written for: its id
        /// (`selectionID`), or the `FieldPlan.serial` of the field whose
        /// objects these are (a plan is one selection, with its
        /// `@skip`/`@include` outcome and static arguments).
        let selection: UInt64
        let fragment: FragmentKey

        var mixed: UInt64 { (fragment.mixed ^ selection) &* 0x94D0_49BB_1331_11EB }

        /// The object and selection alone: what its shard is chosen by.
        var lineage: Lineage { Lineage(selection: selection, object: ObjectIdentifier(fragment.object)) }

        func hash(into hasher: inout Hasher) {
            hasher.combine(mixed)
        }
    }

    /// One object under one selection. The entries of a lineage are kept
    /// in one shard, and hold its object (so its identity is not reused).
    struct Lineage: Hashable, Sendable {
        let selection: UInt64
        let object: ObjectIdentifier

        var mixed: UInt64 {
            (UInt64(UInt(bitPattern: object)) &* 0x9E37_79B9_7F4A_7C15 ^ selection) &* 0x94D0_49BB_1331_11EB
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(mixed)
        }
    }

    struct Fragment: Sendable {
        let bytes: [UInt8]
        /// Fields executed to write it, counted again on every copy
        /// (`ExecutionBounds.maxExecutedFields`).
        let fieldCount: Int
    }

    /// Counters since start, for the metrics.
    package struct Statistics: Sendable, Equatable {
        package var hits = 0
        package var misses = 0
        package var entries = 0
        package var bytes = 0
        /// Entries removed because a newer `other` of their lineage was stored.
        package var superseded = 0
    }

    static let shardCount = 16
    /// Estimated bytes per entry besides its bytes: the dictionary slot (at
    /// its load factor), the clock slot, the byte array's header and the
    /// allocator's rounding. (The key's instances are the read cache's.)
    static let entryOverhead = 192

    package let maxBytes: Int
    private let shards: [Locked<Shard>]
    /// Selections by their description (`Executor.fragmentSelectionID`):
    /// the same selection in two documents (the app's query and mutation
    /// select a moment alike) shares its fragments. At most `maxSelections`
    /// descriptions of at most `maxDescriptionBytes` each (512 KiB in all);
    /// past either, a selection is keyed by its plan instead. Keyed by bytes
    /// (`UTF8Key`): two descriptions are one selection only when they are
    /// the same text, never merely canonically equivalent.
    private let selections = Locked<[UTF8Key: UInt64]>([:])
    static let maxSelections = 256
    static let maxDescriptionBytes = 2_048
    /// Selection ids have the top bit set; plan serials never reach it.
    static let selectionIDBit: UInt64 = 1 << 63

    /// `maxBytes` 0 keeps nothing (every lookup misses, nothing is stored).
    package init(maxBytes: Int) {
        self.maxBytes = max(0, maxBytes)
        let share = self.maxBytes / Self.shardCount
        shards = (0..<Self.shardCount).map { _ in Locked(Shard(maxBytes: share)) }
    }

    /// Calls `body` with the fragment kept for `key`, under its shard's lock
    /// (so the bytes are copied out without retaining them); nil when there
    /// is none.
    func withFragment<Result>(for key: Key, _ body: (borrowing Fragment) -> Result) -> Result? {
        guard maxBytes > 0 else { return nil }
        return shard(for: key).withLock { $0.withFragment(for: key, body) }
    }

    /// Keeps `fragment` for `key`, evicting others and removing its lineage's
    /// entries for another `other`; a fragment larger than a quarter of a
    /// shard is not kept (it would flush many small ones).
    func store(_ fragment: Fragment, for key: Key) {
        let cost = Self.cost(fragment)
        guard maxBytes > 0, cost <= maxBytes / Self.shardCount / 4 else { return }
        // What eviction takes out is released after the lock is let go.
        let evicted = shard(for: key).withLock { $0.insert(fragment, for: key, cost: cost) }
        _ = evicted
    }

    /// The id of the selection `description` describes, the same for every
    /// equal description; nil when the table is full.
    func selectionID(_ description: String) -> UInt64? {
        selections.withLock { selections in
            let key = UTF8Key(description)
            if let id = selections[key] { return id }
            guard selections.count < Self.maxSelections else { return nil }
            let id = Self.selectionIDBit | UInt64(selections.count + 1)
            selections[key] = id
            return id
        }
    }

    package var statistics: Statistics {
        var total = Statistics()
        for shard in shards {
            shard.withLock { shard in
                total.hits += shard.hits
                total.misses += shard.misses
                total.entries += shard.entries.count
                total.bytes += shard.bytes
                total.superseded += shard.superseded
            }
        }
        return total
    }

    static func cost(_ fragment: Fragment) -> Int {
        fragment.bytes.count + entryOverhead
    }

    private func shard(for key: Key) -> Locked<Shard> {
        shards[Int(truncatingIfNeeded: key.lineage.mixed >> 60) & (Self.shardCount - 1)]
    }
}

/// One shard: entries in CLOCK order, and the keys of each lineage.
private struct Shard: Sendable {
    struct Entry: Sendable {
        var fragment: FragmentCache.Fragment
        var cost: Int
    }

    /// Keys tracked per lineage: a lineage holds one entry per `value` and
    /// `detail` in use (a moment: liked by the viewer or not, per likers
    /// limit), a few. Past this, its entries are kept but not tracked, and
    /// age out instead of being superseded.
    static let maxTrackedPerLineage = 8

    let maxBytes: Int
    /// Bounded by `maxBytes`, not by count.
    var entries = ClockCache<FragmentCache.Key, Entry>(capacity: .max)
    /// The tracked keys of each lineage with entries, all with the same `other`.
    var lineages: [FragmentCache.Lineage: [FragmentCache.Key]] = [:]
    var bytes = 0
    var hits = 0
    var misses = 0
    var superseded = 0

    init(maxBytes: Int) {
        self.maxBytes = maxBytes
    }

    /// Lends `key`'s fragment to `body` in place (its bytes are not retained:
    /// a retain on a hot entry read by two threads at once moves its header's
    /// cache line between the cores), marked as read; counts the hit or the miss.
    mutating func withFragment<Result>(
        for key: FragmentCache.Key, _ body: (borrowing FragmentCache.Fragment) -> Result
    ) -> Result? {
        guard let result = entries.withValue(for: key, { body($0.fragment) }) else {
            misses &+= 1
            return nil
        }
        hits &+= 1
        return result
    }

    /// Returns what was evicted or superseded, to be released outside the lock.
    mutating func insert(_ fragment: FragmentCache.Fragment, for key: FragmentCache.Key, cost: Int) -> [Entry] {
        if let slot = entries.slot(of: key) {
            // Two requests completed the same object at once: the data is equal.
            entries.markReferenced(slot)
            return []
        }
        var removed: [Entry] = []
        let lineage = key.lineage
        var tracked = lineages.removeValue(forKey: lineage) ?? []
        if let current = tracked.first, current.fragment.other !== key.fragment.other {
            // The object's data changed: its older entries are never asked for again.
            for old in tracked {
                if let entry = remove(old) { removed.append(entry) }
            }
            superseded &+= tracked.count
            tracked = []
        }
        if tracked.count < Self.maxTrackedPerLineage { tracked.append(key) }
        lineages[lineage] = tracked
        while bytes + cost > maxBytes, let evicted = entries.evict() {
            forget(evicted.key)
            bytes -= evicted.value.cost
            removed.append(evicted.value)
        }
        // Stored as read: a later insertion may find a free slot just ahead of
        // the hand, and would otherwise evict what was just stored before it
        // could be read (the moment just liked).
        entries.insert(Entry(fragment: fragment, cost: cost), for: key, referenced: true)
        bytes += cost
        return removed
    }

    private mutating func remove(_ key: FragmentCache.Key) -> Entry? {
        guard let entry = entries.removeValue(for: key) else { return nil }
        bytes -= entry.cost
        return entry
    }

    /// Drops `key` from its lineage's tracked keys.
    private mutating func forget(_ key: FragmentCache.Key) {
        let lineage = key.lineage
        guard var tracked = lineages[lineage] else { return }
        tracked.removeAll { $0 == key }
        lineages[lineage] = tracked.isEmpty ? nil : tracked
    }
}
