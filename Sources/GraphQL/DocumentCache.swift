import Synchronization

/// Prepared documents by query text, least recently used evicted first,
/// bounded by count and by estimated bytes (`PreparedDocument.estimatedBytes`,
/// which reserves room for the plans a document may still cache).
/// Clients send the same few documents, so hits are the common case: a hit
/// is a hash lookup and a stamp under the lock; eviction scans, but only on
/// inserting a new document, which has just paid for parsing and validation.
final class DocumentCache: Sendable {
    /// A reference, so that a hit on `recent` stamps it without a lookup.
    private final class Entry {
        let query: String
        let document: PreparedDocument
        var lastUse: UInt64

        init(query: String, document: PreparedDocument, lastUse: UInt64) {
            self.query = query
            self.document = document
            self.lastUse = lastUse
        }
    }

    private struct State {
        var entries: [String: Entry] = [:]
        /// The entry of the last hit or insert: a client repeats its query,
        /// and comparing the text is much cheaper than hashing it.
        var recent: Entry?
        var clock: UInt64 = 0
        var bytes = 0
    }

    private let capacity: Int
    private let maxBytes: Int
    private let state = Mutex(State())

    /// A document larger than this share of `maxBytes` is not kept: a few
    /// huge documents must not push out every ordinary one.
    static let largestEntryShare = 8

    init(capacity: Int, maxBytes: Int = .max) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    func document(for query: String) -> PreparedDocument? {
        state.withLock { state in
            state.clock += 1
            if let recent = state.recent, recent.query.utf8.count == query.utf8.count, recent.query == query {
                recent.lastUse = state.clock
                return recent.document
            }
            guard let entry = state.entries[query] else { return nil }
            entry.lastUse = state.clock
            state.recent = entry
            return entry.document
        }
    }

    func insert(_ document: PreparedDocument, for query: String) {
        let cost = document.estimatedBytes
        guard capacity > 0, cost <= maxBytes / Self.largestEntryShare else { return }
        state.withLock { state in
            if let replaced = state.entries.removeValue(forKey: query) { state.bytes -= replaced.document.estimatedBytes }
            while !state.entries.isEmpty, state.entries.count >= capacity || state.bytes + cost > maxBytes,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                state.entries[oldest.key] = nil
                state.bytes -= oldest.value.document.estimatedBytes
                if state.recent === oldest.value { state.recent = nil }
            }
            state.clock += 1
            let entry = Entry(query: query, document: document, lastUse: state.clock)
            state.entries[query] = entry
            state.bytes += cost
            state.recent = entry
        }
    }

    var count: Int { state.withLock { $0.entries.count } }

    /// Estimated bytes of the documents held.
    var bytes: Int { state.withLock { $0.bytes } }
}
