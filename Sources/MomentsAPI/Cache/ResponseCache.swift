import Caching
import HTTP1
import JSON
import Locking
import Moments

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
///   carries a `Ticket` taken before execution, and is dropped when one of
///   its moments' stripes was invalidated since (`InvalidationGuard`, the
///   read cache's guard: the moments are known only after execution, and
///   the ticket needs none of them).
/// - **Bound**: `capacityBytes` of keys, bodies and bookkeeping, evicted by
///   CLOCK (`Clock`, with an index of its own: one entry is found by two
///   keys, its canonical key and the request bytes that last found it); an
///   entry larger than an eighth of it is not kept.
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
        /// The answer in `coding`.
        package let body: [UInt8]
        /// For the access log.
        package let operationName: String?
        /// The answer's entity tag (`GraphQLHTTPHandler.entityTag`), made once,
        /// when the first `GET` asks for the answer (`setEntityTag`).
        package var entityTag: String?
        /// Which keeping of the answer this is: what `storeEncoded` and `setEntityTag` check.
        package var serial: UInt64 = 0
        /// `body`'s content coding: the one asked for when it is kept, else `identity`.
        package var coding: ContentCoding
        /// The plain answer's length (`body`'s when `coding` is `identity`).
        package var plainCount: Int

        package init(body: [UInt8], operationName: String?, entityTag: String? = nil, coding: ContentCoding = .identity, plainCount: Int? = nil) {
            self.body = body
            self.operationName = operationName
            self.entityTag = entityTag
            self.coding = coding
            self.plainCount = plainCount ?? body.count
        }
    }

    /// Taken before an execution; its answer is stored only if none of its
    /// moments was invalidated since.
    package typealias Ticket = InvalidationGuard.Ticket

    /// Estimated bytes of an entry besides its key and body: the slot, the
    /// index entry, the array headers.
    static let entryOverhead = 256
    /// Estimated bytes per listed moment: its listing, and as much again for
    /// stale listings not yet dropped.
    static let bytesPerDependency = 48

    private struct Entry: Sendable {
        var key: Key
        /// The request bytes that last found it, also in `Entries.index`.
        var alias: Key?
        /// The body's blocks in `State.arena`, and its length.
        var blocks: [Int32]
        var bodyCount: Int
        var operationName: String?
        var entityTag: String?
        /// The answer compressed (`gzip`, `br`), each kept once made: compressed once, sent many times.
        var encoded: [(coding: ContentCoding, blocks: [Int32], count: Int)] = []
        var cost: Int
        /// Tells this entry from a later one in the same slot, for the reverse index.
        var serial: UInt64

        /// What a hit in `coding` needs, read without copying the keys: that
        /// coding's bytes when kept, else the plain answer's.
        func found(_ coding: ContentCoding) -> Found {
            var found = Found(
                canonical: key.hashValue, blocks: blocks, count: bodyCount, coding: .identity, plainCount: bodyCount,
                operationName: operationName, entityTag: entityTag, serial: serial)
            if coding != .identity, let variant = encoded.first(where: { $0.coding == coding }) {
                (found.blocks, found.count, found.coding) = (variant.blocks, variant.count, coding)
            }
            return found
        }
    }

    private struct Found {
        var canonical: Int
        var blocks: [Int32]
        var count: Int
        var coding: ContentCoding
        var plainCount: Int
        var operationName: String?
        var entityTag: String?
        var serial: UInt64
    }

    /// An entry (slot, serial) listing a moment (its id's hash).
    private struct Listing: Sendable {
        let slot: Int
        let serial: UInt64
        let moment: Int
    }

    /// What `clear()` swaps out whole.
    private struct Entries: Sendable {
        var clock = Clock<Entry>()
        /// Canonical keys and aliases, to the slot of their entry.
        var index: [Key: Int] = [:]
        var bytes = 0
        /// Listings of entries by `moment & (buckets.count - 1)`.
        var buckets: [[Listing]]

        init(bucketCount: Int) {
            buckets = Array(repeating: [], count: bucketCount)
        }
    }

    private struct State: Sendable {
        var sketch: FrequencySketch
        var arena: BlockArena
        var entries: Entries
        var serial: UInt64 = 0
        /// Stripes by the moment id's hash, as many as the reverse index's
        /// buckets; suspended while the store cannot hear changes made
        /// elsewhere (nothing is found or kept).
        var invalidations: InvalidationGuard
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
            entries: Entries(bucketCount: buckets),
            invalidations: InvalidationGuard(stripeCount: buckets)))
    }

    deinit {
        state.withLock { $0.arena.unmap() }
    }

    package func ticket() -> Ticket {
        state.withLock { $0.invalidations.ticket }
    }

    /// The answer kept for `key`, canonical or alias: in `coding` when that
    /// is kept (`storeEncoded`), otherwise plain.
    package func lookup(_ key: Key, coding: ContentCoding = .identity) -> Hit? {
        state.withLock { state in
            guard !state.invalidations.isSuspended, let slot = state.entries.index[key],
                  let found = state.entries.clock.withEntry(at: slot, { $0?.found(coding) }) else {
                // An alias miss is followed by the canonical lookup, which counts.
                if !key.isAlias { state.sketch.increment(key.hashValue) }
                return nil
            }
            // Frequencies are the canonical key's, however it was found.
            state.sketch.increment(found.canonical)
            state.entries.clock.markReferenced(slot)
            // Copied under the lock: once it is let go the blocks may be reused.
            var hit = Hit(
                body: state.arena.load(found.blocks, count: found.count), operationName: found.operationName,
                entityTag: found.entityTag, coding: found.coding, plainCount: found.plainCount)
            hit.serial = found.serial
            return hit
        }
    }

    /// Makes `alias` (request bytes) find the entry kept for `key`, in place
    /// of its previous alias, when the cache has room for the bytes.
    package func alias(_ alias: Key, to key: Key) {
        let alias = Key(copying: alias)
        var released: Key?
        state.withLock { state in
            guard let slot = state.entries.index[key], state.entries.clock.withEntry(at: slot, { $0.map { $0.alias != alias } }) == true
            else { return }
            released = Self.dropAlias(slot, &state.entries)
            attach(alias, to: slot, &state.entries)
        }
        _ = released
    }

    /// Gives the entry in `slot` the alias `alias`, if the bytes fit and no other entry has it.
    private func attach(_ alias: Key, to slot: Int, _ entries: inout Entries) {
        guard entries.bytes + alias.bytes.count <= capacityBytes, entries.index[alias] == nil else { return }
        entries.index[alias] = slot
        entries.clock.modifyEntry(at: slot) { entry in
            entry?.alias = alias
            entry?.cost += alias.bytes.count
        }
        entries.bytes += alias.bytes.count
    }

    private static func dropAlias(_ slot: Int, _ entries: inout Entries) -> Key? {
        guard let alias = entries.clock.withEntry(at: slot, { $0?.alias }) else { return nil }
        entries.index[alias] = nil
        entries.clock.modifyEntry(at: slot) { entry in
            entry?.alias = nil
            entry?.cost -= alias.bytes.count
        }
        entries.bytes -= alias.bytes.count
        return alias
    }

    /// Keeps `hit` for `key`, unless one of `momentIDs` was invalidated since
    /// `ticket` or it is larger than an eighth of the cache; `alias`, the
    /// request's bytes, finds it too. Returns the keeping's serial, nil when not kept.
    @discardableResult
    package func store(_ key: Key, _ hit: Hit, momentIDs: [String], ticket: Ticket, alias: Key? = nil) -> UInt64? {
        let blockBytes = BlockArena.blocks(for: hit.body.count) * BlockArena.blockSize
        let cost = key.bytes.count + blockBytes + momentIDs.count * Self.bytesPerDependency + Self.entryOverhead
        guard cost <= capacityBytes / 8 else { return nil }
        // Exact-size copies: the bound counts contents, not spare capacity.
        let key = Key(copying: key)
        let alias = alias.map { Key(copying: $0) }
        // Hashed by bytes (`UTF8Key`), as the stores tell moments apart.
        let moments = momentIDs.map { UTF8Key($0).hashValue }
        var released: [Entry?] = []
        let serial = state.withLock { state -> UInt64? in
            guard state.invalidations.admits(ticket),
                  moments.allSatisfy({ state.invalidations.admits(ticket, hash: $0) }) else { return nil }
            if let slot = state.entries.index[key] { released.append(Self.remove(slot, &state)) }
            let frequency = state.sketch.frequency(key.hashValue)
            while state.entries.bytes + cost > capacityBytes || state.arena.availableBlocks * BlockArena.blockSize < blockBytes,
                  let victim = state.entries.clock.victim() {
                // Admission: only a key asked for more often than the victim's displaces it.
                guard let victimKey = state.entries.clock.withEntry(at: victim, { $0?.key }),
                      frequency > state.sketch.frequency(victimKey.hashValue) else { return nil }
                released.append(Self.remove(victim, &state))
            }
            guard let blocks = state.arena.store(hit.body) else { return nil }
            state.serial &+= 1
            let entry = Entry(
                key: key, blocks: blocks, bodyCount: hit.body.count, operationName: hit.operationName,
                entityTag: hit.entityTag, cost: cost, serial: state.serial)
            let slot = state.entries.clock.insert(entry, referenced: false)
            state.entries.index[key] = slot
            state.entries.bytes += cost
            for moment in moments {
                Self.list(Listing(slot: slot, serial: state.serial, moment: moment), in: &state.entries)
            }
            if let alias { attach(alias, to: slot, &state.entries) }
            return state.serial
        }
        _ = released  // keys and lists freed here, outside the lock
        return serial
    }

    /// Gives the entry kept for `key` its entity tag, when it is still the
    /// keeping `serial` names (another execution may have replaced it).
    package func setEntityTag(_ key: Key, serial: UInt64, _ tag: String) {
        state.withLock { state in
            guard let slot = state.entries.index[key], state.entries.clock.withEntry(at: slot, { $0?.serial }) == serial else { return }
            state.entries.clock.modifyEntry(at: slot) { $0?.entityTag = tag }
        }
    }

    /// Keeps `bytes`, the answer of the keeping `serial` in `coding`, beside
    /// the entry kept for `key`, when that entry is still that keeping
    /// (another execution may have replaced it meanwhile) and the cache has
    /// room without displacing anything (an encoding is worth less than
    /// another answer).
    package func storeEncoded(_ key: Key, serial: UInt64, coding: ContentCoding, _ bytes: [UInt8]) {
        guard coding != .identity else { return }
        let blockBytes = BlockArena.blocks(for: bytes.count) * BlockArena.blockSize
        state.withLock { state in
            guard let slot = state.entries.index[key],
                  state.entries.clock.withEntry(at: slot, { $0.map { entry in
                      entry.serial == serial && !entry.encoded.contains { $0.coding == coding }
                  } }) == true,
                  state.entries.bytes + blockBytes <= capacityBytes,
                  state.arena.availableBlocks * BlockArena.blockSize >= blockBytes,
                  let blocks = state.arena.store(bytes) else { return }
            state.entries.clock.modifyEntry(at: slot) { entry in
                entry?.encoded.append((coding, blocks, bytes.count))
                entry?.cost += blockBytes
            }
            state.entries.bytes += blockBytes
        }
    }

    /// Removes every entry that shows `momentID`'s like data.
    package func invalidate(momentID: String) {
        let moment = UTF8Key(momentID).hashValue
        var released: [Entry?] = []
        state.withLock { state in
            state.invalidations.invalidate(hash: moment)
            let bucket = moment & (state.entries.buckets.count - 1)
            for listing in state.entries.buckets[bucket] where listing.moment == moment && Self.isLive(listing, state.entries.clock) {
                released.append(Self.remove(listing.slot, &state))
            }
            Self.dropListings(&state.entries.buckets[bucket], of: moment, staleIn: state.entries.clock)
        }
        _ = released
    }

    /// Adds `listing` to its bucket; a full bucket drops its stale listings first.
    private static func list(_ listing: Listing, in entries: inout Entries) {
        let bucket = listing.moment & (entries.buckets.count - 1)
        if entries.buckets[bucket].count == entries.buckets[bucket].capacity {
            dropListings(&entries.buckets[bucket], staleIn: entries.clock)
        }
        entries.buckets[bucket].append(listing)
    }

    /// Removes the stale listings, and those of `moment` if given.
    private static func dropListings(_ listings: inout [Listing], of moment: Int? = nil, staleIn clock: Clock<Entry>) {
        listings.removeAll { $0.moment == moment || !isLive($0, clock) }
    }

    /// Whether the entry that made `listing` is still in its slot.
    private static func isLive(_ listing: Listing, _ clock: Clock<Entry>) -> Bool {
        clock.withEntry(at: listing.slot) { $0?.serial } == listing.serial
    }

    /// Removes everything; `suspended`, when given, becomes the suspension.
    package func clear(suspended: Bool? = nil) {
        var old = Entries(bucketCount: bucketCount)
        state.withLock { state in
            state.invalidations.invalidateAll(suspended: suspended)
            swap(&state.entries, &old)
            // The request frequencies stay: they are about keys, not data. So
            // does the region, every block of it free again.
            old.clock.forEach { entry in
                state.arena.release(entry.blocks)
                for variant in entry.encoded { state.arena.release(variant.blocks) }
            }
        }
    }

    /// Listings in the reverse index, stale ones included, and its buckets (for tests).
    package var listings: (count: Int, buckets: Int) {
        state.withLock { state in (state.entries.buckets.reduce(0) { $0 + $1.count }, state.entries.buckets.count) }
    }

    /// Entries and their estimated bytes, for tests and diagnostics.
    package var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.entries.clock.count, $0.entries.bytes) }
    }

    private static func remove(_ slot: Int, _ state: inout State) -> Entry? {
        guard let entry = state.entries.clock.remove(slot) else { return nil }
        state.arena.release(entry.blocks)
        for variant in entry.encoded { state.arena.release(variant.blocks) }
        state.entries.index[entry.key] = nil
        if let alias = entry.alias { state.entries.index[alias] = nil }
        state.entries.bytes -= entry.cost
        // Its listings stay behind, stale: see `list`.
        return entry
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
        clear(suspended: true)
    }

    package func changeTrackingRestored() {
        clear(suspended: false)
    }
}
