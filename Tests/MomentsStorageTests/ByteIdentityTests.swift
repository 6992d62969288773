import Locking
import Moments
import MomentsFakes
import SQLite
import Testing
@testable import MomentsStorage

/// User and moment ids are bytes in the store and its caches, as SQLite
/// compares TEXT: "Jos\u{E9}" (NFC) and "Jose\u{301}" (NFD), which Swift's
/// `String` takes as one, are two users with their own timelines, authors
/// and likes, read cold, read warm, and after a like.
struct ByteIdentityTests {
    static let composed = "Jos\u{E9}"
    static let decomposed = "Jose\u{301}"
    static let composedMoment = "Caf\u{E9}"
    static let decomposedMoment = "Cafe\u{301}"

    static func user(_ id: String, _ name: String) -> User {
        User(id: id, name: name, avatar: "a", backgroundImage: "b")
    }

    // MARK: The read cache alone

    @Test func theReadCacheKeepsEachSpellingApart() throws {
        let cache = ReadCache(timelineCapacity: 8, likersCapacity: 8)
        let composed = Self.user(Self.composed, "Composed"), decomposed = Self.user(Self.decomposed, "Decomposed")

        guard case .miss(let ticket) = cache.timeline(userID: Self.composed) else { throw Unexpected.hit }
        cache.storeTimeline(Timeline(user: composed, moments: []), userID: Self.composed, ticket: ticket)
        #expect(cache.cachedTimeline(userID: Self.composed)?.user.name == "Composed")
        #expect(cache.cachedTimeline(userID: Self.decomposed) == nil)
        guard case .miss(let other) = cache.timeline(userID: Self.decomposed) else { throw Unexpected.hit }
        cache.storeTimeline(Timeline(user: decomposed, moments: []), userID: Self.decomposed, ticket: other)
        // Interned apart too: the decomposed timeline keeps its own user.
        #expect(cache.cachedTimeline(userID: Self.decomposed)?.user.name == "Decomposed")
        #expect(cache.cachedTimeline(userID: Self.composed)?.user.name == "Composed")

        let moments = [Self.composedMoment, Self.decomposedMoment]
        let lookup = cache.likers(momentIDs: moments, limit: 10)
        #expect(lookup.misses == [0, 1])
        _ = cache.storeLikers([([composed], 1), ([], 0)], momentIDs: moments, lookup: lookup)
        let hits = cache.likers(momentIDs: moments, limit: 10).hits
        #expect(hits.map { $0?.count } == [1, 0])
        #expect(hits.first??.contains(Self.composed) == true)
        #expect(hits.first??.contains(Self.decomposed) == false)
        #expect(hits.first??.likes(viewerID: Self.decomposed, limit: 10)?.isLikedByViewer == false)

        cache.invalidateLikes(momentID: Self.decomposedMoment)
        #expect(cache.likers(momentIDs: moments, limit: 10).misses == [1])
    }

    /// From `ReadCache.Likers.setThreshold` likers on, membership is a set: by bytes too.
    @Test func manyLikersAreTestedByBytes() {
        let users = (0..<ReadCache.Likers.setThreshold).map { Self.user("u\($0)", "U") } + [Self.user(Self.composed, "Composed")]
        let likers = ReadCache.Likers(users, count: users.count)
        #expect(likers.contains(Self.composed))
        #expect(!likers.contains(Self.decomposed))
    }

    enum Unexpected: Error { case hit }

    // MARK: Through the store

    /// The demo data and the two users, friends of each other, each with a
    /// moment whose id is spelled as theirs; the composed user likes its own.
    static func store(cache: ReadCacheConfiguration) throws -> TestStore {
        let (c, d, cm, dm) = (composed, decomposed, composedMoment, decomposedMoment)
        return try TestStore(cache: cache) { path in
            _ = try MomentsStore.open(path: path)
            let connection = try Connection(path: path, mode: .readWrite)
            defer { connection.close() }
            try connection.executeScript("""
                INSERT INTO users VALUES ('\(c)', 'Composed', 'a', 'b'), ('\(d)', 'Decomposed', 'a', 'b');
                INSERT INTO friendships VALUES ('\(c)', '\(d)'), ('\(d)', '\(c)');
                INSERT INTO moments VALUES ('\(cm)', '\(c)', 'URL', NULL, 'u', 20), ('\(dm)', '\(d)', 'URL', NULL, 'u', 10);
                INSERT INTO moment_likes VALUES ('\(cm)', '\(c)', 5);
                """)
        }
    }

    /// (id bytes, author name, liked by the viewer, count, likers' id bytes) of each moment of `viewer`'s timeline.
    static func seen(_ test: TestStore, as viewer: String) throws -> [[String]] {
        let timeline = try test.timelines.timeline(userID: viewer)
        #expect(Array(timeline.user.id.utf8) == Array(viewer.utf8))
        let likes = try test.timelines.likesInOrder(momentIDs: timeline.moments.map(\.id), viewerID: viewer)
        return zip(timeline.moments, likes).map { moment, likes in
            [moment.id.hexBytes, moment.author.name, "\(likes.isLikedByViewer)", "\(likes.count)"] + likes.likers.map(\.id.hexBytes)
        }
    }

    @Test(arguments: [true, false])
    func eachSpellingHasItsOwnTimelineAuthorsAndLikes(cached: Bool) throws {
        let test = try Self.store(cache: cached ? ReadCacheConfiguration() : .disabled)
        let (c, d, cm, dm) = (Self.composed.hexBytes, Self.decomposed.hexBytes, Self.composedMoment.hexBytes, Self.decomposedMoment.hexBytes)
        // Twice: read, then (cached) from memory.
        for _ in 0..<2 {
            #expect(try Self.seen(test, as: Self.composed) == [[cm, "Composed", "true", "1", c], [dm, "Decomposed", "false", "0"]])
            #expect(try Self.seen(test, as: Self.decomposed) == [[cm, "Composed", "false", "1", c], [dm, "Decomposed", "false", "0"]])
        }
        _ = try test.likeService.updateLike(momentID: Self.decomposedMoment, userID: Self.decomposed, isLiked: true)
        #expect(try Self.seen(test, as: Self.composed) == [[cm, "Composed", "true", "1", c], [dm, "Decomposed", "false", "1", d]])
        #expect(try Self.seen(test, as: Self.decomposed) == [[cm, "Composed", "false", "1", c], [dm, "Decomposed", "true", "1", d]])
        #expect(try test.likedAt(momentID: Self.composedMoment, userID: Self.decomposed) == nil)
    }
}

extension String {
    /// The UTF-8 bytes in hex: compared as text, two spellings stay apart.
    fileprivate var hexBytes: String {
        utf8.map { String($0, radix: 16) }.joined(separator: " ")
    }
}
