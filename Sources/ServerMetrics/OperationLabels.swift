import Atomics
import Synchronization

/// The bounded set of GraphQL operation names that get a label value of
/// their own (`MetricsLimits.maxOperationNames`), and per name the
/// per-route series (`RequestSeries`) made for it so far.
///
/// Read on every `/graphql` response, on the I/O threads, so a lookup takes
/// no lock: an open-addressing table of slots, each filled at most once
/// (`ManagedAtomicLazyReference`: an acquire load to read, a
/// compare-and-swap to fill). Names are never removed, so a slot once read
/// stays true. Cost of a lookup: hashing the name and one or two loads.
final class OperationLabels: Sendable {
    /// A label value and the series made for it, one slot per route.
    final class Entry: Sendable {
        let name: String
        let series: [ManagedAtomicLazyReference<RequestSeries>]

        init(name: String, routes: Int) {
            self.name = name
            series = (0..<routes).map { _ in ManagedAtomicLazyReference() }
        }
    }

    /// The value for responses without an operation name (not GraphQL, or
    /// refused before one was read): empty, which Prometheus reads as no label.
    static let noneName = ""
    /// The value for every name past the bound, or not a GraphQL name.
    static let otherName = "other"

    let none: Entry
    let other: Entry
    /// Twice the bound, a power of two: probe sequences stay short.
    private let slots: [ManagedAtomicLazyReference<Entry>]
    private let mask: Int
    private let routes: Int
    /// Names admitted so far (reserved before a slot is filled).
    private let admitted = Atomic<Int>(0)

    /// - Parameter seeded: names admitted first, whatever comes later (the app's own operations).
    init(routes: Int, seeded: [String]) {
        self.routes = routes
        none = Entry(name: Self.noneName, routes: routes)
        other = Entry(name: Self.otherName, routes: routes)
        var capacity = 1
        while capacity < 2 * MetricsLimits.maxOperationNames { capacity <<= 1 }
        slots = (0..<capacity).map { _ in ManagedAtomicLazyReference() }
        mask = capacity - 1
        for name in seeded { _ = entry(for: name) }
    }

    /// The entry for `name`: its own while the bound allows, else `other`.
    func entry(for name: String) -> Entry {
        guard Self.isLabelable(name) else { return other }
        var index = name.hashValue & mask
        // At most every slot once: the table is never more than half full.
        for _ in 0...mask {
            guard let entry = slots[index].load() else { return admit(name, at: index) }
            if entry.name == name { return entry }
            index = (index + 1) & mask
        }
        return other
    }

    /// `name` was not found up to the empty slot `index`: fill it, unless the
    /// bound is reached or another thread filled it first (then look on from there).
    private func admit(_ name: String, at start: Int) -> Entry {
        guard admitted.add(1, ordering: .relaxed).newValue <= MetricsLimits.maxOperationNames else {
            admitted.subtract(1, ordering: .relaxed)
            return other
        }
        let fresh = Entry(name: name, routes: routes)
        var index = start
        for _ in 0...mask {
            let stored = slots[index].storeIfNilThenLoad(fresh)
            if stored === fresh { return fresh }
            if stored.name == name {
                // Another thread admitted the same name first: give the reservation back.
                admitted.subtract(1, ordering: .relaxed)
                return stored
            }
            index = (index + 1) & mask
        }
        admitted.subtract(1, ordering: .relaxed)
        return other
    }

    /// Every admitted entry, `none` and `other` included (for the QA page's sums and tests).
    var all: [Entry] {
        [none, other] + slots.compactMap { $0.load() }
    }

    /// A GraphQL name (`[_A-Za-z][_0-9A-Za-z]*`) of at most `maxOperationNameBytes`:
    /// anything else a client sends as `operationName` is not a label value.
    static func isLabelable(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let first = bytes.first, bytes.count <= MetricsLimits.maxOperationNameBytes,
              isNameStart(first), name != otherName else { return false }
        return bytes.allSatisfy { isNameStart($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }
}
