import JSON
import Testing

@testable import GraphQL

/// Keyed objects (`ObjectType.fragmentKey`) copied from `FragmentCache`
/// answer exactly what executing them answers: every document here runs
/// twice on an engine with the cache (the second run copies) and once on one
/// without, and the three bodies must be the same bytes. Each test also
/// checks that the cache was used (or, where it must not be, was not), so
/// that none of them passes by never caching.
struct FragmentCacheTests {
    /// An immutable item; a new instance stands for changed data.
    final class Item: Sendable {
        let id: String
        let name: String
        let tags: [String]
        /// Asking for `broken` throws: a field error inside a keyed object.
        let isBroken: Bool

        init(_ id: String, _ name: String, tags: [String] = [], isBroken: Bool = false) {
            self.id = id
            self.name = name
            self.tags = tags
            self.isBroken = isBroken
        }
    }

    struct Broken: Error {}

    /// The items `items` lists; replaced to change the data between runs.
    final class Store: @unchecked Sendable {
        var items: [Item]
        init(_ items: [Item]) { self.items = items }
    }

    static func schema(_ store: Store, keyed: Bool = true) -> Schema {
        let item = ObjectType(name: "Item", fields: [
            FieldDefinition(name: "id", type: .nonNull(.named("ID"))) { (source: AnyObject) in
                .leaf(.string((source as! Item).id))
            },
            FieldDefinition(name: "name", type: .nonNull(.named("String"))) { (source: AnyObject) in
                .leaf(.string((source as! Item).name))
            },
            FieldDefinition(
                name: "tags", arguments: [InputValueDefinition(name: "first", type: .named("Int"))],
                type: .nonNull(.list(.nonNull(.named("String"))))
            ) { (source: AnyObject, arguments: JSONObject) in
                let tags = (source as! Item).tags
                if case .int(let first)? = arguments["first"] { return .strings(Array(tags.prefix(first))) }
                return .strings(tags)
            },
            FieldDefinition(name: "broken", type: .named("String")) { (source: AnyObject) in
                if (source as! Item).isBroken { throw Broken() }
                return .leaf(.string("fine"))
            },
            FieldDefinition(name: "self", type: .named("Item")) { (source: AnyObject) in .node(source) },
        ], fragmentKey: keyed ? { @Sendable source, _ in FragmentKey(source as! Item) } : nil)
        let query = ObjectType(name: "Query", fields: [
            FieldDefinition(name: "items", type: .nonNull(.list(.nonNull(.named("Item"))))) { _, _, _ in
                .nodes(store.items)
            },
        ])
        return Schema(query: query, types: [.object(item)])
    }

    static let items = [Item("1", "one", tags: ["a", "b"]), Item("2", "two"), Item("3", "three", tags: ["c"])]

    /// Runs `query` twice with the cache and once without; expects one body
    /// and returns it, with the cache's hits.
    @discardableResult
    static func agree(
        _ query: String, variables: JSONObject = [:], store: Store = Store(items), cached engine: GraphQLEngine? = nil,
        limits: GraphQLLimits = GraphQLLimits(), sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) -> (body: String, hits: Int) {
        let cached = engine ?? GraphQLEngine(schema: schema(store), limits: limits)
        var uncachedLimits = limits
        uncachedLimits.fragmentCacheBytes = 0
        let uncached = GraphQLEngine(schema: schema(store), limits: uncachedLimits)
        let expected = String(decoding: uncached.execute(query: query, variables: variables).body, as: UTF8.self)
        for run in 1...2 {
            let body = String(decoding: cached.execute(query: query, variables: variables).body, as: UTF8.self)
            #expect(body == expected, "run \(run)", sourceLocation: sourceLocation)
        }
        return (expected, cached.fragments.statistics.hits)
    }

    @Test func aRepeatedSelectionIsCopiedAndWritesTheSameBytes() {
        let (body, hits) = Self.agree("{ items { id name tags } }")
        #expect(body == #"{"data":{"items":[{"id":"1","name":"one","tags":["a","b"]},{"id":"2","name":"two","tags":[]},{"id":"3","name":"three","tags":["c"]}]}}"#)
        #expect(hits == 3)
    }

    @Test func aTypeWithoutAKeyFunctionIsAlwaysExecuted() {
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items), keyed: false))
        _ = engine.execute(query: "{ items { id } }")
        _ = engine.execute(query: "{ items { id } }")
        #expect(engine.fragments.statistics == FragmentCache.Statistics())
    }

    @Test func otherSelectionsAliasesAndNestingGetTheirOwnBytes() {
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items)))
        Self.agree("{ items { id name } }", cached: engine)
        // Same type, other fields, other keys, other order, a nested keyed object.
        Self.agree("{ items { id } }", cached: engine)
        Self.agree("{ items { name id } }", cached: engine)
        Self.agree("{ items { key: id name } }", cached: engine)
        Self.agree("{ items { id self { name } } }", cached: engine)
        Self.agree("{ items { __typename id } }", cached: engine)
        Self.agree("{ items { ... on Item { id name } } }", cached: engine)
    }

    @Test func anEqualSelectionInAnotherDocumentShares() {
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items)))
        _ = engine.execute(query: "{ items { id name } }")
        #expect(engine.fragments.statistics.hits == 0)
        // Another document (an operation name, a fragment) selecting the same fields.
        let body = engine.execute(query: "query Q { items { ...F } } fragment F on Item { id name }").body
        #expect(engine.fragments.statistics.hits == 3)
        #expect(String(decoding: body, as: UTF8.self)
            == #"{"data":{"items":[{"id":"1","name":"one"},{"id":"2","name":"two"},{"id":"3","name":"three"}]}}"#)
    }

    @Test func aSelectionTooLongToDescribeIsKeyedByItsPlanAlone() {
        // 200 aliases: a description past `FragmentCache.maxDescriptionBytes`.
        let fields = (0..<200).map { "alias\($0): name" }.joined(separator: " ")
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items)))
        let (body, hits) = Self.agree("{ items { \(fields) } }", cached: engine)
        #expect(body.contains(#""alias199":"three""#))
        #expect(hits == 3)
        // The same selection in another document does not share: its plan is another.
        _ = engine.execute(query: "query Again { items { \(fields) } }")
        #expect(engine.fragments.statistics.hits == 3)
    }

    @Test func changedDataIsANewInstanceAndIsExecuted() {
        let store = Store(Self.items)
        let engine = GraphQLEngine(schema: Self.schema(store))
        Self.agree("{ items { id name } }", store: store, cached: engine)
        store.items[1] = Item("2", "two, renamed")
        let (body, _) = Self.agree("{ items { id name } }", store: store, cached: engine)
        #expect(body.contains(#""name":"two, renamed""#))
    }

    @Test func anObjectWithAFieldErrorIsNotKept() {
        let store = Store([Item("1", "one"), Item("2", "two", isBroken: true)])
        let (body, hits) = Self.agree("{ items { id broken } }", store: store)
        // Both runs report the error (so the broken item was executed both times); the fine one was copied.
        #expect(body.contains(#""path":["items",1,"broken"]"#))
        #expect(hits == 1)
    }

    @Test func argumentsFromVariablesAreNeverCopied() {
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items)))
        let one = Self.agree("query($n: Int) { items { tags(first: $n) } }", variables: ["n": 1], cached: engine)
        let two = Self.agree("query($n: Int) { items { tags(first: $n) } }", variables: ["n": 2], cached: engine)
        #expect(one.body.contains(#"{"tags":["a"]}"#))
        #expect(two.body.contains(#"{"tags":["a","b"]}"#))
        #expect(two.hits == 0)
        // A literal argument is part of the selection: copied, per value.
        Self.agree("{ items { tags(first: 1) } }", cached: engine)
        let literal = Self.agree("{ items { tags(first: 2) } }", cached: engine)
        #expect(literal.body.contains(#"{"tags":["a","b"]}"#))
        #expect(literal.hits == 6)
    }

    @Test func copiesCountAgainstTheFieldLimitAsExecutingDoes() {
        var limits = GraphQLLimits()
        // `{ items { id name } }`: 1 + 3 × 2 = 7 fields; the second document selects it twice.
        limits.maxExecutedFields = 10
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items)), limits: limits)
        Self.agree("{ items { id name } }", cached: engine, limits: limits)
        let (body, _) = Self.agree("{ items { id name } again: items { id name } }", cached: engine, limits: limits)
        #expect(body.contains("selects more than 10 fields"))
    }

    @Test func theCacheStaysWithinItsBytes() {
        let cache = FragmentCache(maxBytes: 64 << 10)
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 200)
        var kept: [Item] = []
        for index in 0..<5_000 {
            let item = Item(String(index), "n")
            kept.append(item)
            cache.store(FragmentCache.Fragment(bytes: bytes, fieldCount: 1), for: FragmentCache.Key(selection: 1, fragment: FragmentKey(item)))
        }
        let statistics = cache.statistics
        #expect(statistics.bytes <= 64 << 10)
        #expect(statistics.entries > 100)
        // The newest entry is there, and reads back as stored.
        let newest = FragmentCache.Key(selection: 1, fragment: FragmentKey(kept[kept.count - 1]))
        #expect(cache.withFragment(for: newest) { $0.bytes } == bytes)
    }

    /// A full cache keeps what it stored last through the insertions that
    /// follow, until its hand has gone round: new data (a moment just liked)
    /// is read again soon after it is written, and must still be there.
    @Test func aNewEntryOutlivesTheNextInsertions() {
        let cache = FragmentCache(maxBytes: 1 << 20)
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 200)
        var kept: [Item] = []
        func store(_ item: Item) {
            kept.append(item)
            cache.store(FragmentCache.Fragment(bytes: bytes, fieldCount: 1), for: FragmentCache.Key(selection: 1, fragment: FragmentKey(item)))
        }
        // Full: about 170 entries a shard, never read again.
        for index in 0..<20_000 { store(Item(String(index), "old")) }
        let fresh = Item("fresh", "new")
        store(fresh)
        // About 20 more a shard: far fewer than a shard holds.
        for index in 0..<320 { store(Item("after-\(index)", "old")) }
        let key = FragmentCache.Key(selection: 1, fragment: FragmentKey(fresh))
        #expect(cache.withFragment(for: key) { $0.bytes } == bytes)
        #expect(cache.statistics.bytes <= 1 << 20)
    }

    /// A like gives its moment a new snapshot: storing the object's
    /// fragment with another `other` removes its older ones under that
    /// selection at once (they would never be asked for again), and
    /// nothing else.
    @Test func aNewerSnapshotOfAnObjectRemovesItsOlderFragmentsThere() {
        let cache = FragmentCache(maxBytes: 1 << 20)
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        let moment = Item("m", "moment"), other = Item("o", "other moment")
        let before = Item("likes", "before"), after = Item("likes", "after")
        func key(_ selection: UInt64, _ object: Item, _ snapshot: Item, detail: Int = 0) -> FragmentCache.Key {
            FragmentCache.Key(selection: selection, fragment: FragmentKey(object, snapshot, value: 3, detail: detail))
        }
        func store(_ key: FragmentCache.Key) { cache.store(FragmentCache.Fragment(bytes: bytes, fieldCount: 1), for: key) }
        func isKept(_ key: FragmentCache.Key) -> Bool { cache.withFragment(for: key) { $0.bytes == bytes } ?? false }
        let stale = [key(1, moment, before, detail: 0), key(1, moment, before, detail: 1)]
        let unrelated = [key(2, moment, before), key(1, other, before)]
        for key in stale + unrelated { store(key) }
        #expect((stale + unrelated).allSatisfy(isKept))

        let fresh = key(1, moment, after)
        store(fresh)
        #expect(isKept(fresh))
        #expect(!stale.contains(where: isKept))
        #expect(unrelated.allSatisfy(isKept))
        let statistics = cache.statistics
        #expect(statistics.superseded == 2)
        #expect(statistics.entries == 3)
        #expect(statistics.bytes == 3 * FragmentCache.cost(FragmentCache.Fragment(bytes: bytes, fieldCount: 1)))
    }

    /// Removals (superseded or evicted) keep the bookkeeping whole: through
    /// many stores of changing snapshots into a small cache, what it counts
    /// is what it holds, within its bound, and the newest of each object
    /// is among what it holds or was evicted, never answered wrong.
    @Test func removalsKeepTheCountsExact() {
        let cache = FragmentCache(maxBytes: 32 << 10)
        let objects = (0..<300).map { Item(String($0), "n") }
        var snapshots = objects.map { _ in Item("s", "0") }
        // A fixed pseudo-random order (an LCG), so that a failure repeats.
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        for round in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let index = Int(state >> 33) % objects.count
            if round % 3 == 0 { snapshots[index] = Item("s", String(round)) }
            let key = FragmentCache.Key(
                selection: 1, fragment: FragmentKey(objects[index], snapshots[index], detail: round % 2))
            // What this object, snapshot and detail wrote: a wrong entry would show.
            let bytes = Array("\(index)/\(snapshots[index].name)/\(round % 2)".utf8)
            if let read = cache.withFragment(for: key, { $0.bytes }) {
                #expect(read == bytes)
            } else {
                cache.store(FragmentCache.Fragment(bytes: bytes, fieldCount: 1), for: key)
            }
        }
        let statistics = cache.statistics
        #expect(statistics.bytes <= 32 << 10)
        #expect(statistics.superseded > 0)
        // Every fragment costs its 5-11 bytes plus the fixed overhead.
        #expect(statistics.bytes >= statistics.entries * (FragmentCache.entryOverhead + 5))
        #expect(statistics.bytes <= statistics.entries * (FragmentCache.entryOverhead + 11))
    }

    @Test func aCacheOfZeroBytesKeepsNothing() {
        var limits = GraphQLLimits()
        limits.fragmentCacheBytes = 0
        let engine = GraphQLEngine(schema: Self.schema(Store(Self.items)), limits: limits)
        _ = engine.execute(query: "{ items { id } }")
        _ = engine.execute(query: "{ items { id } }")
        #expect(engine.fragments.statistics == FragmentCache.Statistics())
    }
}
