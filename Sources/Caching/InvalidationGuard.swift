/// The race guard of a cache that is invalidated while its misses are read
/// outside its lock: a reader takes a `Ticket` before it reads, a writer
/// invalidates after it commits, and the reader's result is stored only if
/// nothing it may depend on was invalidated since its ticket. So a result
/// read from a snapshot older than a commit is never stored after that
/// commit's invalidation (it either was stored before, and is removed by the
/// invalidation, or finds the invalidation and stores nothing).
///
/// Invalidations are per stripe of hashes (the hash of what changed, a
/// moment id), or whole (`invalidateAll`: another program changed the data,
/// or changes can no longer be heard). A ticket is one number, the count of
/// invalidations when it was taken; each stripe remembers that count at its
/// last invalidation, so a store is checked against exactly the stripes of
/// what it depends on, whatever the reader did not yet know when it took its
/// ticket (a response's moments are known only once it is executed).
/// Bounded memory: a counter per stripe, not per id; a write forces a
/// re-read of the few other ids of its stripe at worst.
///
/// Caches whose keys name immutable data need no guard: the fragment cache
/// (a moment's like data is an instance that a change replaces, so a stale
/// result stored late is under a key no later read asks for), and the
/// document cache (a prepared document is a function of its text alone).
///
/// Not thread-safe: each cache keeps it under the lock of what it guards.
public struct InvalidationGuard: Sendable {
    /// Taken before a read; its result is stored only if `admits` it.
    public struct Ticket: Sendable, Equatable {
        @usableFromInline let sequence: UInt64

        @inlinable
        init(sequence: UInt64) {
            self.sequence = sequence
        }
    }

    /// Invalidations so far, of stripes and whole.
    @usableFromInline var sequence: UInt64 = 0
    /// `sequence` at the last `invalidateAll`.
    @usableFromInline var clearedAt: UInt64 = 0
    /// `sequence` at each stripe's last invalidation.
    @usableFromInline var stripes: [UInt64]
    /// Changes made elsewhere cannot be heard: lookups find nothing and
    /// nothing is stored, until it is lifted.
    public private(set) var isSuspended = false

    /// `stripeCount`: a power of two; 1 for a cache only invalidated whole.
    public init(stripeCount: Int) {
        precondition(stripeCount > 0 && stripeCount & (stripeCount - 1) == 0, "stripes are a power of two")
        stripes = Array(repeating: 0, count: stripeCount)
    }

    @inlinable
    public var ticket: Ticket { Ticket(sequence: sequence) }

    /// The stripe of `hash` (a seeded `hashValue`, so no client can aim at one).
    @inlinable
    public func stripe(of hash: Int) -> Int { hash & (stripes.count - 1) }

    /// What depends on `hash` changed: tickets from before store nothing of it.
    @inlinable
    public mutating func invalidate(hash: Int) {
        sequence &+= 1
        stripes[stripe(of: hash)] = sequence
    }

    /// Everything changed: tickets from before store nothing. `suspended`,
    /// when given, becomes the suspension.
    public mutating func invalidateAll(suspended: Bool? = nil) {
        sequence &+= 1
        clearedAt = sequence
        if let suspended { isSuspended = suspended }
    }

    /// Whether a result read after `ticket` may be stored, for what is
    /// invalidated only whole.
    @inlinable
    public func admits(_ ticket: Ticket) -> Bool {
        !isSuspended && clearedAt <= ticket.sequence
    }

    /// Whether a result read after `ticket` that depends on `hash` may be stored.
    @inlinable
    public func admits(_ ticket: Ticket, hash: Int) -> Bool {
        admits(ticket) && stripes[stripe(of: hash)] <= ticket.sequence
    }
}
