import Foundation
import JSON
import MomentsAPI
import Testing
import TestSupport

/// An id holding NUL (U+0000) is `BAD_USER_INPUT` on both engines, and
/// nothing is written: PostgreSQL's `text` cannot hold it and libpq would cut
/// "2\u{0}x" to "2", while SQLite would look for the whole id. Every way an
/// id arrives: `momentID` and `userID`, as literals and as variables, in the
/// mutation and the timeline query, and as a bearer token's subject. On
/// SQLite, or PostgreSQL with MOMENTS_TEST_ENGINE=postgresql.
@Suite struct NULIDTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let selection = "userDetails { id } moments { id isLiked likesCount likes { id } }"

    /// Demo moment "2" (by user 3, liked by users 0 and 104) as user 3 sees it: not liked by them.
    static let momentTwoAsBefore = MomentTwo(isLiked: false, likesCount: 2, likers: ["0", "104"])

    struct MomentTwo: Equatable {
        var isLiked: Bool
        var likesCount: Int
        var likers: [String]
    }

    /// Moment "2" in user 3's timeline, as `client` reads it.
    static func momentTwo(_ client: GraphQLClient, headers: [String: String] = GraphQLClient.appHeaders) async throws -> MomentTwo {
        let reply = try await client.graphQL(
            query: "{ getMomentsDetailsByUserID(userID: \"3\") { \(selection) } }", headers: headers)
        let details = try #require((try reply.json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any], "\(reply.text)")
        let moment = try #require((details["moments"] as? [[String: Any]])?.first { $0["id"] as? String == "2" })
        return MomentTwo(
            isLiked: moment["isLiked"] as? Bool ?? true, likesCount: moment["likesCount"] as? Int ?? -1,
            likers: (moment["likes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String })
    }

    /// A request refused as `BAD_USER_INPUT` on its field, with no data.
    static func expectBadUserInput(_ reply: GraphQLClient.Reply, _ comment: Comment) throws {
        #expect(reply.status == 200, comment)
        let json = try reply.json
        let errors = json["errors"] as? [[String: Any]]
        #expect(errors?.count == 1, comment)
        #expect((errors?.first?["extensions"] as? [String: Any])?["code"] as? String == "BAD_USER_INPUT", "\(comment): \(reply.text)")
        #expect(json["data"] is NSNull, comment)
    }

    struct Request: Sendable, CustomStringConvertible {
        var description: String
        var query: String
        var variables: [String: String]?
    }

    /// GraphQL's `\u0000` escape in a literal; a JSON string holding U+0000 in a variable.
    static let requests: [Request] = [
        Request(
            description: "mutation, momentID literal",
            query: #"mutation { updateMomentLike(momentID: "2\u0000x", userID: "3", isLiked: true) { \#(selection) } }"#),
        Request(
            description: "mutation, userID literal",
            query: #"mutation { updateMomentLike(momentID: "2", userID: "3\u0000x", isLiked: true) { \#(selection) } }"#),
        Request(
            description: "mutation, momentID variable",
            query: "mutation($m: ID!, $u: ID!) { updateMomentLike(momentID: $m, userID: $u, isLiked: true) { \(selection) } }",
            variables: ["m": "2\u{0}x", "u": "3"]),
        Request(
            description: "mutation, userID variable",
            query: "mutation($m: ID!, $u: ID!) { updateMomentLike(momentID: $m, userID: $u, isLiked: true) { \(selection) } }",
            variables: ["m": "2", "u": "3\u{0}x"]),
        Request(
            description: "query, userID literal",
            query: #"{ getMomentsDetailsByUserID(userID: "3\u0000x") { \#(selection) } }"#),
        Request(
            description: "query, userID variable",
            query: "query($u: ID!) { getMomentsDetailsByUserID(userID: $u) { \(selection) } }",
            variables: ["u": "3\u{0}x"]),
    ]

    @Test func idsWithNULAreBadUserInputAndWriteNothing() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        #expect(try await Self.momentTwo(client) == Self.momentTwoAsBefore)
        for request in Self.requests {
            let reply = try await client.graphQL(query: request.query, variables: request.variables)
            try Self.expectBadUserInput(reply, "\(request)")
        }
        // Neither "2" nor "3" stood in for the refused ids.
        #expect(try await Self.momentTwo(client) == Self.momentTwoAsBefore)
    }

    @Test func aTokenSubjectWithNULIsRefused() async throws {
        let secretPath = directory.file("secret")
        let secret = Array("a development secret, 32 bytes +".utf8)
        try Data(secret).write(to: URL(fileURLWithPath: secretPath))
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--auth-secret-file", secretPath])
        let client = GraphQLClient(baseURL: server.baseURL)
        func headers(subject: String) -> [String: String] {
            let token = BearerTokenIssuer.sign(
                header: ["alg": "HS256", "typ": "JWT"],
                claims: ["sub": .string(subject), "exp": .int(Int(Date().timeIntervalSince1970) + 600)], secret: secret)
            return GraphQLClient.appHeaders.merging(["Authorization": "Bearer \(token)"]) { $1 }
        }
        let own = headers(subject: "3")
        #expect(try await Self.momentTwo(client, headers: own) == Self.momentTwoAsBefore)
        let nul = headers(subject: "3\u{0}x")
        // As itself, as the user the NUL would leave, and liking.
        let refused: [(String, [String: String])] = [
            ("query($u: ID!) { getMomentsDetailsByUserID(userID: $u) { \(Self.selection) } }", ["u": "3\u{0}x"]),
            ("query($u: ID!) { getMomentsDetailsByUserID(userID: $u) { \(Self.selection) } }", ["u": "3"]),
            ("mutation($u: ID!) { updateMomentLike(momentID: \"2\", userID: $u, isLiked: true) { \(Self.selection) } }", ["u": "3"]),
            ("mutation($u: ID!) { updateMomentLike(momentID: \"2\", userID: $u, isLiked: true) { \(Self.selection) } }", ["u": "3\u{0}x"]),
        ]
        for (query, variables) in refused {
            let reply = try await client.graphQL(query: query, variables: variables, headers: nul)
            // Refused by the token check (401) or as the id it is (BAD_USER_INPUT): never answered.
            if reply.status != 401 { try Self.expectBadUserInput(reply, "\(query) \(variables)") }
        }
        #expect(try await Self.momentTwo(client, headers: own) == Self.momentTwoAsBefore)
    }
}
