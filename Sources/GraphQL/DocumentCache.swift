import Caching
import Locking

/// Prepared documents by query text, evicted in CLOCK order (`ClockCache`),
/// bounded by count and by estimated bytes (`PreparedDocument.estimatedBytes`,
/// which reserves room for the plans a document may still cache).
/// Clients send the same few documents, so hits are the common case: a hit
/// is a hash lookup and a reference bit set under the lock. A new document
/// starts unreferenced, so documents sent once (a comment makes every
/// request a new one) evict each other before the ones clients repeat.
///
/// Texts and persisted ids are keys by their bytes (`UTF8Key`), never by
/// `String`'s Unicode equivalence: a document whose string literal is
/// "Jose\u{301}" is another document than one with "Jos\u{E9}", with its own
/// parse, its own answer and its own APQ hash.
final class DocumentCache: Sendable {
    /// A reference, so that a hit on `recent` or by persisted id marks it
    /// used through its slot, without hashing its text.
    /// Unchecked: its mutable fields are read and written only under `state`'s lock.
    private final class Entry: @unchecked Sendable {
        let query: String
        let document: PreparedDocument
        /// Its slot in `State.entries`, for as long as it is held there.
        var slot = 0
        /// The id a client registered the document under (APQ's SHA-256 hex), if any.
        var persistedID: String?

        init(query: String, document: PreparedDocument) {
            self.query = query
            self.document = document
        }
    }

    private struct State: Sendable {
        /// Bounded by `insert`, by count and bytes both.
        var entries = ClockCache<UTF8Key, Entry>(capacity: .max)
        /// The same entries by persisted id: registered documents live and
        /// are evicted with their text, in the same byte budget.
        var byPersistedID: [UTF8Key: Entry] = [:]
        /// The entry of the last hit or insert: a client repeats its query,
        /// and comparing the text is much cheaper than hashing it.
        var recent: Entry?
        var bytes = 0
    }

    private let capacity: Int
    private let maxBytes: Int
    private let state = Locked(State())

    /// A document larger than this share of `maxBytes` is not kept: a few
    /// huge documents must not push out every ordinary one.
    static let largestEntryShare = 8

    init(capacity: Int, maxBytes: Int = .max) {
        self.capacity = capacity
        self.maxBytes = maxBytes
    }

    /// What one persisted id costs besides its document: the key twice (64
    /// ASCII bytes in the entry and in the index) and the index slot.
    static let persistedIDBytes = 256

    /// - Parameter persistedID: registers the document under this id too
    ///   (the caller has checked that it is the SHA-256 of `query`).
    func document(for query: String, persistedID: String? = nil) -> PreparedDocument? {
        state.withLock { state in
            if let recent = state.recent, UTF8Key(recent.query) == UTF8Key(query) {
                state.entries.markReferenced(recent.slot)
                if let persistedID { Self.register(persistedID, recent, &state) }
                return recent.document
            }
            guard let entry = state.entries.value(for: UTF8Key(query)) else { return nil }
            state.recent = entry
            if let persistedID { Self.register(persistedID, entry, &state) }
            return entry.document
        }
    }

    /// The text and document registered under `persistedID`.
    func document(persistedID: String) -> (query: String, document: PreparedDocument)? {
        state.withLock { state in
            guard let entry = state.byPersistedID[UTF8Key(persistedID)] else { return nil }
            state.entries.markReferenced(entry.slot)
            return (entry.query, entry.document)
        }
    }

    func insert(_ document: PreparedDocument, for query: String, persistedID: String? = nil) {
        let cost = document.estimatedBytes + (persistedID == nil ? 0 : Self.persistedIDBytes)
        guard capacity > 0, cost <= maxBytes / Self.largestEntryShare else { return }
        state.withLock { state in
            if let replaced = state.entries.removeValue(for: UTF8Key(query)) { Self.forget(replaced, &state) }
            while state.entries.count >= capacity || state.bytes + cost > maxBytes, let evicted = state.entries.evict() {
                Self.forget(evicted.value, &state)
            }
            let entry = Entry(query: query, document: document)
            entry.slot = state.entries.insert(entry, for: UTF8Key(query), referenced: false)
            state.bytes += document.estimatedBytes
            state.recent = entry
            if let persistedID { Self.register(persistedID, entry, &state) }
        }
    }

    private static func register(_ persistedID: String, _ entry: Entry, _ state: inout State) {
        guard entry.persistedID == nil else { return }
        entry.persistedID = persistedID
        state.byPersistedID[UTF8Key(persistedID)] = entry
        state.bytes += persistedIDBytes
    }

    /// Drops what else refers to `entry`, just removed from `state.entries`.
    private static func forget(_ entry: Entry, _ state: inout State) {
        state.bytes -= entry.document.estimatedBytes
        if let persistedID = entry.persistedID {
            state.byPersistedID[UTF8Key(persistedID)] = nil
            state.bytes -= persistedIDBytes
        }
        if state.recent === entry { state.recent = nil }
    }

    var count: Int { state.withLock { $0.entries.count } }

    /// Estimated bytes of the documents held.
    var bytes: Int { state.withLock { $0.bytes } }
}
