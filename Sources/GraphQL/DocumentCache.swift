import Synchronization

/// Prepared documents by query text, least recently used evicted first.
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
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
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
        guard capacity > 0 else { return }
        state.withLock { state in
            if state.entries[query] == nil, state.entries.count >= capacity,
                let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            {
                state.entries[oldest] = nil
            }
            state.clock += 1
            let entry = Entry(query: query, document: document, lastUse: state.clock)
            state.entries[query] = entry
            state.recent = entry
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
