import Foundation
import Testing
import MomentsAPI
import TestSupport

/// The response cache through the real server and a real client: a repeated
/// query is answered from it (the access log says `cache=hit`) with the same
/// bytes, and a like acknowledged to one viewer is never hidden from another
/// by an answer kept from before it.
@Suite struct ResponseCacheIntegrationTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func timeline(_ client: GraphQLClient, user: String) async throws -> Data {
        let reply = try await client.graphQL(
            query: AppDocuments.timeline, variables: ["userID": user, "withLikes": true],
            operationName: "getMomentsDetailsByUserID")
        #expect(reply.status == 200)
        return reply.body
    }

    private func likers(_ body: Data, of moment: String) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let details = try #require((json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])
        let moments = try #require(details["moments"] as? [[String: Any]])
        let likes = try #require(moments.first { $0["id"] as? String == moment }?["likes"] as? [[String: Any]])
        return likes.compactMap { $0["id"] as? String }
    }

    private func hits(_ server: ServerProcess) -> Int {
        server.stderrLines.filter { $0.contains("op=getMomentsDetailsByUserID cache=hit") }.count
    }

    @Test func repeatsAreServedFromTheCacheAndALikeReachesEveryViewer() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)

        // Moment 0 is user 1's, so both user 0 (a friend) and user 1 see it.
        let first = try await timeline(client, user: "0")
        let repeated = try await timeline(client, user: "0")
        #expect(repeated == first)
        #expect(server.waitForStderrLine { $0.contains("op=getMomentsDetailsByUserID cache=hit") } != nil)
        #expect(try likers(first, of: "0") == ["100", "101", "102"])
        _ = try await timeline(client, user: "1")
        _ = try await timeline(client, user: "1")

        // User 1 likes moment 0; once that is acknowledged, neither cached page may hide it.
        let reply = try await client.graphQL(
            query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "1", "isLiked": true],
            operationName: "updateMomentLike")
        #expect(reply.status == 200)
        #expect(try likers(try await timeline(client, user: "0"), of: "0") == ["100", "101", "102", "1"])
        #expect(try likers(try await timeline(client, user: "1"), of: "0") == ["100", "101", "102", "1"])

        // The fresh answers are kept in turn: asked again, they come from the cache, unchanged.
        #expect(try likers(try await timeline(client, user: "0"), of: "0") == ["100", "101", "102", "1"])
        #expect(server.stop() == 0)
        // The last line a stopping server logs: every access line is in before it.
        #expect(server.waitForStderrLine { $0.hasSuffix(": stopped") } != nil)
        // Hits: the repeat of user 0's first page, of user 1's, and this last one
        // (the first read after the like executed and stored a fresh answer).
        #expect(hits(server) == 3)
    }

    @Test func turnedOffItNeverAnswers() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--response-cache-bytes", "0"])
        let client = GraphQLClient(baseURL: server.baseURL)
        let first = try await timeline(client, user: "0")
        #expect(try await timeline(client, user: "0") == first)
        #expect(server.stop() == 0)
        #expect(server.waitForStderrLine { $0.hasSuffix(": stopped") } != nil)
        // Both requests are logged, neither as a hit.
        #expect(server.stderrLines.filter { $0.contains("op=getMomentsDetailsByUserID") }.count == 2)
        #expect(hits(server) == 0)
    }
}
