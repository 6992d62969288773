import GraphQL
import HTTP1
import JSON
import Locking
import MomentsFakes
import Testing
@testable import MomentsAPI

/// `ResponseCache` step by step: what it keeps, what a like removes, the
/// store-after-invalidation race, and its byte bound.
struct ResponseCacheTests {
    static func key(_ text: String) -> ResponseCache.Key {
        ResponseCache.Key(query: text, operationName: nil, variables: nil)
    }

    static func hit(_ body: String, bytes: Int = 0) -> ResponseCache.Hit {
        ResponseCache.Hit(body: Array(body.utf8) + [UInt8](repeating: 32, count: bytes), operationName: "op")
    }

    let cache = ResponseCache(capacityBytes: 1 << 20)

    @Test func keepsAnAnswerForTheSameBytesOnly() throws {
        cache.store(Self.key("a"), Self.hit("A"), momentIDs: [], ticket: cache.ticket())
        #expect(try #require(cache.lookup(Self.key("a"))).body == Array("A".utf8))
        #expect(cache.lookup(Self.key("a ")) == nil)
        #expect(cache.lookup(ResponseCache.Key(query: "a", operationName: "", variables: nil)) == nil)
        #expect(cache.lookup(ResponseCache.Key(query: "a", operationName: nil, variables: [:])) == nil)
    }

    @Test func variablesAreOneKeyInAnyMemberOrderAndPartsCannotRunTogether() {
        let a = ResponseCache.Key(query: "q", operationName: "op", variables: ["userID": "0", "withLikes": true])
        let b = ResponseCache.Key(query: "q", operationName: "op", variables: ["withLikes": true, "userID": "0"])
        #expect(a == b)
        #expect(a != ResponseCache.Key(query: "q", operationName: "op", variables: ["userID": "1", "withLikes": true]))
        // Length prefixes: "q" + "op" is not "qo" + "p".
        #expect(ResponseCache.Key(query: "q", operationName: "op", variables: nil)
            != ResponseCache.Key(query: "qo", operationName: "p", variables: nil))
    }

    @Test func aLikeRemovesExactlyTheAnswersThatShowTheMoment() {
        // Two viewers whose pages both show moment 0; a third that does not.
        cache.store(Self.key("viewer 0"), Self.hit("0"), momentIDs: ["0", "1"], ticket: cache.ticket())
        cache.store(Self.key("viewer 1"), Self.hit("1"), momentIDs: ["0", "2"], ticket: cache.ticket())
        cache.store(Self.key("viewer 2"), Self.hit("2"), momentIDs: ["3"], ticket: cache.ticket())
        cache.store(Self.key("no likes"), Self.hit("n"), momentIDs: [], ticket: cache.ticket())
        cache.likesChanged(momentID: "0")
        #expect(cache.lookup(Self.key("viewer 0")) == nil)
        #expect(cache.lookup(Self.key("viewer 1")) == nil)
        #expect(cache.lookup(Self.key("viewer 2")) != nil)
        #expect(cache.lookup(Self.key("no likes")) != nil)
        // The removed entries left nothing behind in the reverse index: a later
        // answer in a reused slot is not removed by a like on moment 1.
        cache.store(Self.key("viewer 3"), Self.hit("3"), momentIDs: ["4"], ticket: cache.ticket())
        cache.likesChanged(momentID: "1")
        #expect(cache.lookup(Self.key("viewer 3")) != nil)
        #expect(cache.usage.entries == 3)
    }

    @Test func theRequestBytesFindTheEntryUntilItGoes() {
        let first = ResponseCache.Key.request(isPost: true, bytes: Array(#"{"query":"a"}"#.utf8))
        let second = ResponseCache.Key.request(isPost: true, bytes: Array(#"{ "query": "a" }"#.utf8))
        cache.store(Self.key("a"), Self.hit("A"), momentIDs: ["0"], ticket: cache.ticket(), alias: first)
        #expect(cache.lookup(first)?.body == Array("A".utf8))
        // The same bytes over GET are another request.
        #expect(cache.lookup(ResponseCache.Key.request(isPost: false, bytes: Array(#"{"query":"a"}"#.utf8))) == nil)
        // Other bytes for the same document take the alias over.
        #expect(cache.lookup(second) == nil)
        cache.alias(second, to: Self.key("a"))
        #expect(cache.lookup(second) != nil)
        #expect(cache.lookup(first) == nil)
        #expect(cache.usage.entries == 1)
        // Gone with its entry, and its bytes with it.
        cache.likesChanged(momentID: "0")
        #expect(cache.lookup(second) == nil)
        #expect(cache.usage.entries == 0 && cache.usage.bytes == 0)
    }

    @Test func anAnswerReadBeforeALikeIsNotStoredAfterIt() {
        let ticket = cache.ticket()
        // The like commits and invalidates while the execution runs.
        cache.likesChanged(momentID: "9")
        cache.store(Self.key("a"), Self.hit("stale"), momentIDs: ["9"], ticket: ticket)
        #expect(cache.lookup(Self.key("a")) == nil)
        cache.store(Self.key("a"), Self.hit("fresh"), momentIDs: ["9"], ticket: cache.ticket())
        #expect(cache.lookup(Self.key("a"))?.body == Array("fresh".utf8))
    }

    /// A store is refused only for the moments it shows: a like on another
    /// moment (in another stripe), committed while the execution ran, spares it.
    @Test func aLikeOnAnotherMomentDuringTheExecutionSparesTheStore() throws {
        let mask = cache.listings.buckets - 1
        let shown = "m0"
        let other = try #require((1..<100_000).lazy.map { "m\($0)" }.first {
            UTF8Key($0).hashValue & mask != UTF8Key(shown).hashValue & mask
        })
        let ticket = cache.ticket()
        cache.likesChanged(momentID: other)
        cache.store(Self.key("a"), Self.hit("A"), momentIDs: [shown], ticket: ticket)
        #expect(cache.lookup(Self.key("a"))?.body == Array("A".utf8))
    }

    /// Ids in one bucket of the reverse index are told apart by their whole
    /// hash: a like on one keeps the answers that show only the other.
    @Test func aMomentSharingABucketIsNotInvalidatedWithIt() throws {
        let mask = cache.listings.buckets - 1
        #expect(cache.listings.buckets == (1 << 20) / ResponseCache.typicalEntryBytes)
        let first = "m0"
        let second = try #require((1..<100_000).lazy.map { "m\($0)" }.first { $0.hashValue & mask == first.hashValue & mask })
        cache.store(Self.key("first"), Self.hit("1"), momentIDs: [first], ticket: cache.ticket())
        cache.store(Self.key("second"), Self.hit("2"), momentIDs: [second], ticket: cache.ticket())
        cache.likesChanged(momentID: first)
        #expect(cache.lookup(Self.key("first")) == nil)
        #expect(cache.lookup(Self.key("second"))?.body == Array("2".utf8))
        cache.likesChanged(momentID: second)
        #expect(cache.lookup(Self.key("second")) == nil)
    }

    /// A replaced (or evicted) entry leaves its listings behind; a bucket
    /// drops its stale ones when it fills, so they stay within a small
    /// multiple of the live ones instead of growing with every answer kept.
    @Test func staleListingsStayBounded() {
        let perEntry = 5
        for round in 0..<4_000 {
            let moments = (0..<perEntry).map { "m\(round)-\($0)" }
            cache.store(Self.key("k"), Self.hit("x"), momentIDs: moments, ticket: cache.ticket())
        }
        #expect(cache.usage.entries == 1)
        // 19,995 stale listings were left; at most two per live one and a few per bucket remain.
        #expect(cache.listings.count <= 2 * perEntry + 4 * cache.listings.buckets)
    }

    @Test func everythingChangedEmptiesItAndVoidsEarlierTickets() {
        let ticket = cache.ticket()
        cache.store(Self.key("a"), Self.hit("A"), momentIDs: [], ticket: ticket)
        cache.everythingChanged()
        #expect(cache.lookup(Self.key("a")) == nil)
        cache.store(Self.key("b"), Self.hit("B"), momentIDs: [], ticket: ticket)
        #expect(cache.usage.entries == 0 && cache.usage.bytes == 0)
    }

    /// As the handler uses it: a lookup (a miss) before every store.
    private func askAndStore(_ cache: ResponseCache, _ name: String, bytes: Int = 4000) {
        if cache.lookup(Self.key(name)) == nil {
            cache.store(Self.key(name), Self.hit(name, bytes: bytes), momentIDs: ["m-\(name)"], ticket: cache.ticket())
        }
    }

    @Test func staysWithinItsBytesAndOnlyAFrequentKeyDisplacesAnother() {
        let cache = ResponseCache(capacityBytes: 64 * 1024)
        // Each entry is a page of body and some bookkeeping: 14 fit.
        for index in 0..<14 { askAndStore(cache, "k\(index)") }
        #expect(cache.usage.entries == 14)
        // Keys asked for once each, as often as those inside: nothing churns.
        for index in 14..<40 {
            askAndStore(cache, "k\(index)")
            #expect(cache.usage.bytes <= 64 * 1024)
        }
        #expect((0..<14).allSatisfy { cache.lookup(Self.key("k\($0)")) != nil })
        #expect(cache.lookup(Self.key("k20")) == nil)
        // A key asked for again and again gets in, within the bound.
        for _ in 0..<3 { askAndStore(cache, "hot") }
        #expect(cache.lookup(Self.key("hot")) != nil)
        #expect(cache.usage.bytes <= 64 * 1024)
    }

    @Test func anAnswerLargerThanAnEighthIsNotKept() {
        let cache = ResponseCache(capacityBytes: 64 * 1024)
        cache.store(Self.key("big"), Self.hit("x", bytes: 9000), momentIDs: [], ticket: cache.ticket())
        #expect(cache.lookup(Self.key("big")) == nil)
        #expect(cache.usage.bytes == 0)
    }
}

/// What `GraphQLHTTPHandler` keeps in its response cache, and what it never does.
struct ResponseCacheHandlerTests {
    let database = InMemoryDatabase.demo()
    let handler: GraphQLHTTPHandler

    init() {
        handler = GraphQLHTTPHandler(
            engine: GraphQLEngine(schema: MomentsSchema.schema),
            services: MomentsServices(timelines: database.timelineService(), likes: database.likeService()),
            responseCache: ResponseCache(capacityBytes: 1 << 20))
    }

    func request(_ body: String) -> HTTPRequest {
        HTTPRequest(method: .post, target: "/graphql", headers: ["Host": "t", "Content-Type": "application/json"], body: Array(body.utf8))
    }

    func body(query: String, variables: JSONObject, padding: Int = 0) -> String {
        let object: JSONValue = ["query": .string(query), "variables": .object(variables)]
        return String(decoding: object.serialized, as: UTF8.self) + String(repeating: " ", count: padding)
    }

    @Test func keepsAQueryAndAnswersItTheSame() {
        let timeline = request(body(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true]))
        #expect(handler.cachedResponse(to: timeline) == nil)
        let executed = handler.handle(timeline)
        let cached = handler.cachedResponse(to: timeline)
        #expect(cached?.body == executed.body)
        #expect(cached?.status == executed.status)
        #expect(cached?.headers["Content-Type"] == executed.headers["Content-Type"])
    }

    @Test func neverKeepsMutationsErrorsOrLargeRequests() {
        let like = request(body(query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "0", "isLiked": true]))
        _ = handler.handle(like)
        #expect(handler.cachedResponse(to: like) == nil)
        let unknownUser = request(body(query: AppDocuments.timeline, variables: ["userID": "nobody", "withLikes": true]))
        _ = handler.handle(unknownUser)
        #expect(handler.cachedResponse(to: unknownUser) == nil)
        // The same query padded past the bound: executed every time, never hashed or parsed on the I/O thread.
        let large = request(body(
            query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true],
            padding: GraphQLHTTPHandler.maxCachedRequestBytes))
        #expect(handler.handle(large).status == .ok)
        #expect(handler.cachedResponse(to: large) == nil)
    }
}
