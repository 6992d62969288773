import Synchronization

/// Prepared documents by query text, least recently used evicted first.
/// Clients send the same few documents, so hits are the common case: a hit
/// is a hash lookup and a stamp under the lock; eviction scans, but only on
/// inserting a new document, which has just paid for parsing and validation.
final class DocumentCache: Sendable {
    private struct Entry {
        var document: PreparedDocument
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = capacity
    }

    func document(for query: String) -> PreparedDocument? {
        state.withLock { state in
            guard var entry = state.entries[query] else { return nil }
            state.clock += 1
            entry.lastUse = state.clock
            state.entries[query] = entry
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
            state.entries[query] = Entry(document: document, lastUse: state.clock)
        }
    }

    var count: Int { state.withLock { $0.entries.count } }
}
