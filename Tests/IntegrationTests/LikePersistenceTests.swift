import Foundation
import Testing
import MomentsAPI
import TestSupport

/// Likes are committed before the answer and survive a restart of the process.
@Suite struct LikePersistenceTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    private func like(_ client: GraphQLClient, moment: String, user: String, _ isLiked: Bool) async throws -> [[String: Any]] {
        let reply = try await client.graphQL(
            query: AppDocuments.updateLike, variables: ["momentID": moment, "userID": user, "isLiked": isLiked],
            operationName: "updateMomentLike")
        #expect(reply.status == 200)
        let json = try reply.json
        #expect(json["errors"] == nil)
        let details = try #require((json["data"] as? [String: Any])?["updateMomentLike"] as? [String: Any])
        return try #require(details["moments"] as? [[String: Any]])
    }

    private func timeline(_ client: GraphQLClient, user: String) async throws -> [[String: Any]] {
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": user, "withLikes": true])
        let data = try #require(try reply.json["data"] as? [String: Any])
        return try #require((data["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]])
    }

    private func likers(_ moments: [[String: Any]], of id: String) -> [String]? {
        (moments.first { $0["id"] as? String == id }?["likes"] as? [[String: String]])?.map { $0["id"] ?? "" }
    }

    @Test func likeAndUnlikeSurviveRestarts() async throws {
        var server = try ServerProcess(databasePath: directory.databasePath)
        var client = GraphQLClient(baseURL: server.baseURL)

        let liked = try await like(client, moment: "0", user: "0", true)
        #expect(liked.first { $0["id"] as? String == "0" }?["isLiked"] as? Bool == true)
        #expect(likers(liked, of: "0") == ["100", "101", "102", "0"])
        // Liking twice keeps the first like and its place.
        let again = try await like(client, moment: "0", user: "0", true)
        #expect(likers(again, of: "0") == ["100", "101", "102", "0"])
        #expect(server.stop() == 0)

        server = try ServerProcess(databasePath: directory.databasePath)
        client = GraphQLClient(baseURL: server.baseURL)
        #expect(likers(try await timeline(client, user: "0"), of: "0") == ["100", "101", "102", "0"])
        let unliked = try await like(client, moment: "2", user: "0", false)
        #expect(unliked.first { $0["id"] as? String == "2" }?["isLiked"] as? Bool == false)
        #expect(likers(unliked, of: "2") == ["104"])
        // Unliking an absent like is not an error.
        #expect(likers(try await like(client, moment: "2", user: "0", false), of: "2") == ["104"])
        #expect(server.stop() == 0)

        server = try ServerProcess(databasePath: directory.databasePath)
        client = GraphQLClient(baseURL: server.baseURL)
        let final = try await timeline(client, user: "0")
        #expect(likers(final, of: "0") == ["100", "101", "102", "0"])
        #expect(likers(final, of: "2") == ["104"])
        #expect(server.stop() == 0)
    }

    @Test func acknowledgedLikeSurvivesSIGKILL() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        _ = try await like(client, moment: "3", user: "0", false)
        _ = try await like(client, moment: "1", user: "0", true)
        server.stop(signal: SIGKILL)

        let restarted = try ServerProcess(databasePath: directory.databasePath)
        let moments = try await timeline(GraphQLClient(baseURL: restarted.baseURL), user: "0")
        #expect(likers(moments, of: "3") == ["105"])
        #expect(likers(moments, of: "1") == ["103", "104", "105", "0"])
    }
}
