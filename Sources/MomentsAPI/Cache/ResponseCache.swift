import JSON
import Moments
import Locking

/// Answers to repeated identical GraphQL queries, kept as the bytes sent, so
/// that a repeat costs a hash and a copy instead of an execution (and, on
/// the I/O thread, no hand-off: see `GraphQLHTTPHandler.cachedResponse`).
///
/// - **Key**: the document, the operation name and the variables (the
///   viewer, `userID`, among them), from a POST body or a GET query string
///   alike; variables in a canonical form, so clients that order object
///   members differently share answers (`Key(query:operationName:variables:)`).
/// - **What is kept**: only answers with data and without errors, to
///   queries (never mutations). Everything in such an answer is read from
///   timelines, which never change through the API, and from like data.
/// - **Invalidation**: each entry lists the moments whose like data it
///   shows. `invalidate(momentID:)` (called after a like commits and before
///   it is acknowledged) removes exactly the entries that list the moment,
///   whoever their viewer; `clear()` (another program changed the file)
///   removes all.
/// - **The race**: an execution that read like data before a commit must
///   not store its answer after that commit's invalidation. So a store
///   carries a `Ticket` taken before execution, and is dropped when any
///   invalidation happened since. (Coarser than per moment; under a write
///   mix it drops a few stores, never serves a stale one.)
/// - **Bound**: `capacityBytes` of keys, bodies and bookkeeping, evicted by
///   CLOCK (second chance); an entry larger than an eighth of it is not kept.
///   When full, a new answer replaces the CLOCK's victim only if its key is
///   asked for more often (`FrequencySketch`, TinyLFU): spread-out requests
///   leave the cache as it is instead of churning it.
///
/// One lock; bodies live in a region of blocks of their own
/// (`BlockArena`), copied out on a hit. The reverse index (moment -> entries)
/// is a fixed array of buckets by the moment id's hash, computed outside the
/// lock: a store appends, an invalidation scans one bucket, and a removed
/// entry's listings are left behind, marked stale by the slot's serial, and
/// dropped when their bucket next fills (so a bucket holds at most twice
/// the most listings it ever held live, and the hashes are seeded per
/// process, so no client can aim at one bucket). Two ids with the same hash
/// share listings: a like on one also drops the other's answers, never the
/// reverse.
package final class ResponseCache: Sendable {
    /// What an answer is for; its hash is computed once, outside the lock.
    package struct Key: Hashable, Sendable {
        let bytes: [UInt8]
        private let hash: Int
        /// The request as sent (an alias), not the canonical form.
        let isAlias: Bool

        /// A request's bytes as sent: a POST's body, or a GET's query string.
        package static func request(isPost: Bool, bytes: some Collection<UInt8>) -> Key {
            var prefixed: [UInt8] = [isPost ? UInt8(ascii: "P") : UInt8(ascii: "G")]
            prefixed.reserveCapacity(bytes.count + 1)
            prefixed.append(contentsOf: bytes)
            return Key(bytes: prefixed, isAlias: true)
        }

        /// Each part length-prefixed (a document may contain any character),
        /// the variables as canonical JSON (object members sorted by name).
        package init(query: String, operationName: String?, variables: JSONObject?) {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(query.utf8.count + 64)
            func part(_ text: String) {
                bytes.append(contentsOf: String(text.utf8.count).utf8)
                bytes.append(UInt8(ascii: ":"))
                bytes.append(contentsOf: text.utf8)
            }
            part(query)
            if let operationName { part(operationName) } else { bytes.append(UInt8(ascii: "-")) }
            if let variables {
                JSONWriter.write(.object(variables), sortingKeys: true, into: &bytes)
            } else {
                bytes.append(UInt8(ascii: "-"))
            }
            // Starts with a digit, an alias with a letter: the two never collide.
            self.init(bytes: bytes, isAlias: false)
        }

        init(bytes: [UInt8], isAlias: Bool) {
            self.bytes = bytes
            self.isAlias = isAlias
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        /// The same key over an exact-size copy of the bytes.
        init(copying key: Key) {
            bytes = Array(unsafeUninitializedCapacity: key.bytes.count) { buffer, count in
                count = buffer.initialize(fromContentsOf: key.bytes)
            }
            hash = key.hash
            isAlias = key.isAlias
        }

        package static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.hash == rhs.hash && lhs.bytes == rhs.bytes
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(hash)
        }
    }

    /// A kept answer.
    package struct Hit: Sendable {
        package let body: [UInt8]
        /// For the access log.
        package let operationName: String?
    }

    /// Taken before an execution; its answer is stored only if no
    /// invalidation happened since.
    package struct Ticket: Sendable {
        fileprivate let invalidations: UInt64
    }

    /// Estimated bytes of an entry besides its key and body: the slot, the
    /// index entry, the array headers.
    static let entryOverhead = 256
    /// Estimated bytes per listed moment: its listing, and as much again for
    /// stale listings not yet dropped.
    static let bytesPerDependency = 48

    private struct Slot: Sendable {
        var key: Key
        /// The request bytes that last found it, also in `State.index`.
        var alias: Key?
        /// The body's blocks in `State.arena`, and its length.
        var blocks: [Int32]
        var bodyCount: Int
        var operationName: String?
        var cost: Int
        /// Tells this entry from a later one in the same slot, for the reverse index.
        var serial: UInt64
        var isReferenced = false
    }

    /// An entry (slot, serial) listing a moment (its id's hash).
    private struct Listing: Sendable {
        let slot: Int
        let serial: UInt64
        let moment: Int
    }

    private struct State: Sendable {
        var sketch: FrequencySketch
        var arena: BlockArena
        var slots: [Slot?] = []
        var index: [Key: Int] = [:]
        var freeSlots: [Int] = []
        var hand = 0
        var bytes = 0
        var serial: UInt64 = 0
        var invalidations: UInt64 = 0
        /// Listings of entries by `moment & (buckets.count - 1)`.
        var buckets: [[Listing]]
        /// The store cannot hear changes made elsewhere: nothing is found or kept.
        var isSuspended = false
    }

    package let capacityBytes: Int
    private let state: Locked<State>

    /// The answers the sketch is sized for: the capacity over a small answer.
    static let typicalEntryBytes = 4_096

    /// The reverse index's buckets: a power of two, one per typical entry.
    private let bucketCount: Int

    package init(capacityBytes: Int) {
        self.capacityBytes = max(0, capacityBytes)
        var buckets = 1
        while buckets < capacityBytes / Self.typicalEntryBytes { buckets <<= 1 }
        bucketCount = buckets
        state = Locked(State(
            sketch: FrequencySketch(entries: max(1, capacityBytes / Self.typicalEntryBytes)),
            arena: BlockArena(bytes: capacityBytes),
            buckets: Array(repeating: [], count: buckets)))
    }

    deinit {
        state.withLock { $0.arena.unmap() }
    }

    package func ticket() -> Ticket {
        state.withLock { Ticket(invalidations: $0.invalidations) }
    }

    /// The answer kept for `key`, canonical or alias.
    package func lookup(_ key: Key) -> Hit? {
        state.withLock { state in
            guard !state.isSuspended, let slot = state.index[key], let entry = state.slots[slot] else {
                // An alias miss is followed by the canonical lookup, which counts.
                if !key.isAlias { state.sketch.increment(key.hashValue) }
                return nil
            }
            // Frequencies are the canonical key's, however it was found.
            state.sketch.increment(entry.key.hashValue)
            state.slots[slot]?.isReferenced = true
            // Copied under the lock: once it is let go the blocks may be reused.
            return Hit(body: state.arena.load(entry.blocks, count: entry.bodyCount), operationName: entry.operationName)
        }
    }

    /// Makes `alias` (request bytes) find the entry kept for `key`, in place
    /// of its previous alias, when the cache has room for the bytes.
    package func alias(_ alias: Key, to key: Key) {
        let alias = Key(copying: alias)
        var released: Key?
        state.withLock { state in
            guard let slot = state.index[key], let entry = state.slots[slot], entry.alias != alias else { return }
            released = Self.dropAlias(slot, &state)
            attach(alias, to: slot, &state)
        }
        _ = released
    }

    /// Gives the entry in `slot` the alias `alias`, if the bytes fit and no other entry has it.
    private func attach(_ alias: Key, to slot: Int, _ state: inout State) {
        guard state.bytes + alias.bytes.count <= capacityBytes, state.index[alias] == nil else { return }
        state.index[alias] = slot
        state.slots[slot]?.alias = alias
        state.slots[slot]?.cost += alias.bytes.count
        state.bytes += alias.bytes.count
    }

    private static func dropAlias(_ slot: Int, _ state: inout State) -> Key? {
        guard let alias = state.slots[slot]?.alias else { return nil }
        state.index[alias] = nil
        state.slots[slot]?.alias = nil
        state.slots[slot]?.cost -= alias.bytes.count
        state.bytes -= alias.bytes.count
        return alias
    }

    /// Keeps `hit` for `key`, unless an invalidation happened since `ticket`
    /// or it is larger than an eighth of the cache; `alias`, the request's
    /// bytes, finds it too.
    package func store(_ key: Key, _ hit: Hit, momentIDs: [String], ticket: Ticket, alias: Key? = nil) {
        let blockBytes = BlockArena.blocks(for: hit.body.count) * BlockArena.blockSize
        let cost = key.bytes.count + blockBytes + momentIDs.count * Self.bytesPerDependency + Self.entryOverhead
        guard cost <= capacityBytes / 8 else { return }
        // Exact-size copies: the bound counts contents, not spare capacity.
        let key = Key(copying: key)
        let alias = alias.map { Key(copying: $0) }
        // Hashed by bytes (`UTF8Key`), as the stores tell moments apart.
        let moments = momentIDs.map { UTF8Key($0).hashValue }
        var released: [Slot?] = []
        state.withLock { state in
            guard state.invalidations == ticket.invalidations, !state.isSuspended else { return }
            if let slot = state.index[key] { released.append(Self.remove(slot, &state)) }
            let frequency = state.sketch.frequency(key.hashValue)
            while state.bytes + cost > capacityBytes || state.arena.availableBlocks * BlockArena.blockSize < blockBytes,
                  let victim = Self.victim(&state) {
                // Admission: only a key asked for more often than the victim's displaces it.
                guard let victimKey = state.slots[victim]?.key,
                      frequency > state.sketch.frequency(victimKey.hashValue) else { return }
                released.append(Self.remove(victim, &state))
            }
            guard let blocks = state.arena.store(hit.body) else { return }
            state.serial &+= 1
            let entry = Slot(
                key: key, blocks: blocks, bodyCount: hit.body.count, operationName: hit.operationName,
                cost: cost, serial: state.serial)
            let slot: Int
            if let free = state.freeSlots.popLast() {
                slot = free
                state.slots[slot] = entry
            } else {
                slot = state.slots.count
                state.slots.append(entry)
            }
            state.index[key] = slot
            state.bytes += cost
            for moment in moments {
                Self.list(Listing(slot: slot, serial: state.serial, moment: moment), in: &state)
            }
            if let alias { attach(alias, to: slot, &state) }
        }
        _ = released  // keys and lists freed here, outside the lock
    }

    /// Removes every entry that shows `momentID`'s like data.
    package func invalidate(momentID: String) {
        let moment = UTF8Key(momentID).hashValue
        var released: [Slot?] = []
        state.withLock { state in
            state.invalidations &+= 1
            let bucket = moment & (state.buckets.count - 1)
            for listing in state.buckets[bucket] where listing.moment == moment && Self.isLive(listing, state.slots) {
                released.append(Self.remove(listing.slot, &state))
            }
            Self.dropListings(&state.buckets[bucket], of: moment, staleIn: state.slots)
        }
        _ = released
    }

    /// Adds `listing` to its bucket; a full bucket drops its stale listings first.
    private static func list(_ listing: Listing, in state: inout State) {
        let bucket = listing.moment & (state.buckets.count - 1)
        if state.buckets[bucket].count == state.buckets[bucket].capacity {
            dropListings(&state.buckets[bucket], staleIn: state.slots)
        }
        state.buckets[bucket].append(listing)
    }

    /// Removes the stale listings, and those of `moment` if given.
    private static func dropListings(_ listings: inout [Listing], of moment: Int? = nil, staleIn slots: [Slot?]) {
        listings.removeAll { $0.moment == moment || !isLive($0, slots) }
    }

    /// Whether the entry that made `listing` is still in its slot.
    private static func isLive(_ listing: Listing, _ slots: [Slot?]) -> Bool {
        slots[listing.slot]?.serial == listing.serial
    }

    /// Removes everything.
    package func clear() {
        var old = State(
            sketch: FrequencySketch(entries: 1), arena: BlockArena(bytes: 0), buckets: Array(repeating: [], count: bucketCount))
        state.withLock { state in
            old.invalidations = state.invalidations &+ 1
            old.isSuspended = state.isSuspended
            // The request frequencies stay: they are about keys, not data.
            old.sketch = state.sketch
            // So does the region, every block of it free again.
            for entry in state.slots { if let entry { state.arena.release(entry.blocks) } }
            old.arena = state.arena
            swap(&state, &old)
        }
    }

    /// Listings in the reverse index, stale ones included, and its buckets (for tests).
    package var listings: (count: Int, buckets: Int) {
        state.withLock { state in (state.buckets.reduce(0) { $0 + $1.count }, state.buckets.count) }
    }

    /// Entries and their estimated bytes, for tests and diagnostics.
    package var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.slots.count - $0.freeSlots.count, $0.bytes) }
    }

    private static func remove(_ slot: Int, _ state: inout State) -> Slot? {
        guard let entry = state.slots[slot] else { return nil }
        state.slots[slot] = nil
        state.freeSlots.append(slot)
        state.arena.release(entry.blocks)
        state.index[entry.key] = nil
        if let alias = entry.alias { state.index[alias] = nil }
        state.bytes -= entry.cost
        // Its listings stay behind, stale: see `list`.
        return entry
    }

    /// The slot the CLOCK hand stops at: the first occupied one whose
    /// reference bit is clear (clearing set bits on the way); nil when empty.
    private static func victim(_ state: inout State) -> Int? {
        guard !state.index.isEmpty else { return nil }
        let count = state.slots.count
        for _ in 0..<(2 * count + 1) {
            let slot = state.hand
            state.hand = (state.hand + 1) % count
            guard let entry = state.slots[slot] else { continue }
            if !entry.isReferenced { return slot }
            state.slots[slot]?.isReferenced = false
        }
        return nil
    }
}

extension ResponseCache: DataChangeObserver {
    package func likesChanged(momentID: String) {
        invalidate(momentID: momentID)
    }

    package func everythingChanged() {
        clear()
    }

    package func changeTrackingLost() {
        state.withLock { $0.isSuspended = true }
        clear()
    }

    package func changeTrackingRestored() {
        clear()
        state.withLock { $0.isSuspended = false }
    }
}
