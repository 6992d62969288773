import Foundation
import MomentsAPI
import Testing
import TestSupport

/// Ids are bytes: two users whose ids are the NFC and NFD spellings of one
/// name ("Jos\u{E9}", "Jose\u{301}"), which Swift's `String ==` takes as
/// one and both stores as two, each get their own timeline and their own
/// likes through every cache: literals (the document cache), variables (the
/// read cache), APQ hashes, and likes. On SQLite, or PostgreSQL with
/// MOMENTS_TEST_ENGINE=postgresql.
@Suite struct UnicodeIDIdentityTests {
    static let composed = "Jos\u{E9}"
    static let decomposed = "Jose\u{301}"
    /// Each user's own moment, its id spelled the same way as its author's.
    static let composedMoment = "Caf\u{E9}"
    static let decomposedMoment = "Cafe\u{301}"

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        // The premise: Swift alone would take each pair as one id.
        #expect(Self.composed == Self.decomposed && Self.composedMoment == Self.decomposedMoment)
    }

    /// The demo data, and the two users written as another program would:
    /// friends of each other, the composed one also of user 1 (whose moment
    /// "0" it sees and likes), the decomposed one of user 2 (moment "1"); each
    /// has a moment, and the composed user likes its own.
    private func startServer() throws -> ServerProcess {
        let database = try PostgreSQLServer.database(for: directory.databasePath)
        let seeded = try ServerProcess.run(["seed", "--database", database])
        try #require(seeded.status == 0, "\(seeded.output)")
        let now = Int(Date().timeIntervalSince1970)
        let (c, d, cm, dm) = (Self.composed, Self.decomposed, Self.composedMoment, Self.decomposedMoment)
        try writeAsAnotherProgram("""
            INSERT INTO users VALUES ('\(c)', 'Composed Jose', 'https://example.com/c.png', 'https://example.com/c-bg.png');
            INSERT INTO users VALUES ('\(d)', 'Decomposed Jose', 'https://example.com/d.png', 'https://example.com/d-bg.png');
            INSERT INTO friendships VALUES ('\(c)', '\(d)'), ('\(d)', '\(c)'), ('\(c)', '1'), ('1', '\(c)'), ('\(d)', '2'), ('2', '\(d)');
            INSERT INTO moments VALUES ('\(cm)', '\(c)', 'URL', 'By the composed user', 'https://example.com/c', \(now - 10));
            INSERT INTO moments VALUES ('\(dm)', '\(d)', 'URL', 'By the decomposed user', 'https://example.com/d', \(now - 20));
            INSERT INTO moment_likes VALUES ('\(cm)', '\(c)', \(now * 1000)), ('0', '\(c)', \(now * 1000));
            """, databasePath: directory.databasePath)
        return try ServerProcess(databasePath: directory.databasePath)
    }

    // MARK: What a user sees, ids as bytes

    struct SeenMoment: Equatable, CustomStringConvertible {
        var id: [UInt8]
        var author: String
        var isLiked: Bool
        var likesCount: Int
        var likers: [[UInt8]]

        var description: String {
            "\(String(decoding: id, as: UTF8.self).unicodeScalars.map { String($0.value, radix: 16) }) by \(author) "
                + "liked=\(isLiked) count=\(likesCount) likers=\(likers.count)"
        }
    }

    struct SeenTimeline: Equatable {
        var user: [UInt8]
        var name: String
        var moments: [SeenMoment]
    }

    static let selection = "userDetails { id name } moments { id userDetails { name } isLiked likesCount likes { id } }"

    static func seen(_ reply: GraphQLClient.Reply, field: String = "getMomentsDetailsByUserID") throws -> SeenTimeline {
        let json = try reply.json
        #expect(json["errors"] == nil, "\(reply.text)")
        let details = try #require((json["data"] as? [String: Any])?[field] as? [String: Any], "\(reply.text)")
        let user = try #require(details["userDetails"] as? [String: Any])
        let moments = try #require(details["moments"] as? [[String: Any]])
        return SeenTimeline(
            user: Array((user["id"] as? String ?? "").utf8), name: user["name"] as? String ?? "",
            moments: moments.map { moment in
                SeenMoment(
                    id: Array((moment["id"] as? String ?? "").utf8),
                    author: (moment["userDetails"] as? [String: Any])?["name"] as? String ?? "",
                    isLiked: moment["isLiked"] as? Bool ?? false, likesCount: moment["likesCount"] as? Int ?? -1,
                    likers: (moment["likes"] as? [[String: Any]] ?? []).map { Array(($0["id"] as? String ?? "").utf8) })
            })
    }

    /// The composed user's timeline: its moment (liked by itself, and by the
    /// decomposed user when `decomposedLikes`), the decomposed user's moment,
    /// and user 1's moment "0" (liked by three demo users and itself).
    static func composedTimeline(decomposedLikes: Bool = false) -> SeenTimeline {
        let c = Array(composed.utf8), d = Array(decomposed.utf8)
        return SeenTimeline(user: c, name: "Composed Jose", moments: [
            SeenMoment(id: Array(composedMoment.utf8), author: "Composed Jose", isLiked: true, likesCount: 1, likers: [c]),
            SeenMoment(
                id: Array(decomposedMoment.utf8), author: "Decomposed Jose", isLiked: false,
                likesCount: decomposedLikes ? 1 : 0, likers: decomposedLikes ? [d] : []),
            SeenMoment(
                id: Array("0".utf8), author: "Taylor Swift", isLiked: true, likesCount: 4,
                likers: ["100", "101", "102"].map { Array($0.utf8) } + [c]),
        ])
    }

    /// The decomposed user's timeline: the two users' moments and user 2's moment "1".
    static func decomposedTimeline(decomposedLikes: Bool = false) -> SeenTimeline {
        let c = Array(composed.utf8), d = Array(decomposed.utf8)
        return SeenTimeline(user: d, name: "Decomposed Jose", moments: [
            SeenMoment(id: Array(composedMoment.utf8), author: "Composed Jose", isLiked: false, likesCount: 1, likers: [c]),
            SeenMoment(
                id: Array(decomposedMoment.utf8), author: "Decomposed Jose", isLiked: decomposedLikes,
                likesCount: decomposedLikes ? 1 : 0, likers: decomposedLikes ? [d] : []),
            SeenMoment(
                id: Array("1".utf8), author: "Mattt", isLiked: false, likesCount: 3,
                likers: ["103", "104", "105"].map { Array($0.utf8) }),
        ])
    }

    static func literalDocument(_ userID: String) -> String {
        "{ getMomentsDetailsByUserID(userID: \"\(userID)\") { \(selection) } }"
    }

    static let variableDocument = "query($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) { \(selection) } }"

    // MARK: Tests

    @Test func literalsOfTheTwoSpellingsAnswerEachUsersOwnTimeline() async throws {
        let server = try startServer()
        let client = GraphQLClient(baseURL: server.baseURL)
        // Twice: executed, then from the caches that kept the first answers.
        for _ in 0..<2 {
            let composed = try await client.graphQL(query: Self.literalDocument(Self.composed))
            #expect(try Self.seen(composed) == Self.composedTimeline())
            let decomposed = try await client.graphQL(query: Self.literalDocument(Self.decomposed))
            #expect(try Self.seen(decomposed) == Self.decomposedTimeline())
        }
    }

    @Test func variablesOfTheTwoSpellingsAnswerEachUsersOwnTimeline() async throws {
        let server = try startServer()
        let client = GraphQLClient(baseURL: server.baseURL)
        for _ in 0..<2 {
            let composed = try await client.graphQL(query: Self.variableDocument, variables: ["userID": Self.composed])
            #expect(try Self.seen(composed) == Self.composedTimeline())
            let decomposed = try await client.graphQL(query: Self.variableDocument, variables: ["userID": Self.decomposed])
            #expect(try Self.seen(decomposed) == Self.decomposedTimeline())
        }
    }

    @Test func apqRegistersTheDecomposedTextUnderItsOwnHash() async throws {
        let server = try startServer()
        let client = GraphQLClient(baseURL: server.baseURL)
        let composedText = Self.literalDocument(Self.composed), decomposedText = Self.literalDocument(Self.decomposed)
        func post(_ text: String?, hash: String) async throws -> GraphQLClient.Reply {
            var payload: [String: Any] = ["extensions": ["persistedQuery": ["version": 1, "sha256Hash": hash]]]
            if let text { payload["query"] = text }
            return try await client.post(body: try JSONSerialization.data(withJSONObject: payload))
        }
        #expect(try Self.seen(try await post(composedText, hash: sha256Hex(composedText))) == Self.composedTimeline())
        // Registered after the composed text ran: its own document, answer and hash.
        #expect(try Self.seen(try await post(decomposedText, hash: sha256Hex(decomposedText))) == Self.decomposedTimeline())
        for _ in 0..<2 {
            #expect(try Self.seen(try await post(nil, hash: sha256Hex(decomposedText))) == Self.decomposedTimeline())
            #expect(try Self.seen(try await post(nil, hash: sha256Hex(composedText))) == Self.composedTimeline())
        }
    }

    @Test func aLikeByTheDecomposedUserLeavesTheComposedUsersLikesAlone() async throws {
        let server = try startServer()
        let client = GraphQLClient(baseURL: server.baseURL)
        func timeline(_ userID: String) async throws -> SeenTimeline {
            try Self.seen(try await client.graphQL(query: Self.variableDocument, variables: ["userID": userID]))
        }
        func like(_ momentID: String, as userID: String, _ isLiked: Bool) async throws -> SeenTimeline {
            let reply = try await client.graphQL(
                query: "mutation($m: ID!, $u: ID!, $l: Boolean!) { updateMomentLike(momentID: $m, userID: $u, isLiked: $l) { \(Self.selection) } }",
                variables: ["m": momentID, "u": userID, "l": isLiked])
            return try Self.seen(reply, field: "updateMomentLike")
        }
        // Both timelines read first, so every cache holds them when the likes come.
        #expect(try await timeline(Self.composed) == Self.composedTimeline())
        #expect(try await timeline(Self.decomposed) == Self.decomposedTimeline())

        // The decomposed user likes the decomposed moment, and unlikes the
        // composed one (which only the composed user likes: nothing changes).
        #expect(try await like(Self.decomposedMoment, as: Self.decomposed, true) == Self.decomposedTimeline(decomposedLikes: true))
        #expect(try await like(Self.composedMoment, as: Self.decomposed, false) == Self.decomposedTimeline(decomposedLikes: true))

        #expect(try await timeline(Self.composed) == Self.composedTimeline(decomposedLikes: true))
        #expect(try await timeline(Self.decomposed) == Self.decomposedTimeline(decomposedLikes: true))
    }
}
