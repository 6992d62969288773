import Foundation
import MomentsAPI
import Testing

/// Automatic Persisted Queries through the real server, as Apollo's clients
/// do it: the hash alone, `PERSISTED_QUERY_NOT_FOUND`, the hash with the
/// text, then the hash alone again, answered.
@Suite struct PersistedQueryTests {
    let databasePath: String

    init() throws { databasePath = try PersistedQueryTests.temporaryDatabase() }

    static func temporaryDatabase() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("moments.sqlite").path
    }

    static let timelineHash = sha256Hex(AppDocuments.timeline)
    static var variables: [String: Any] { ["userID": "0", "withLikes": true] }

    static func extensions(_ hash: String, version: Int = 1) -> [String: Any] {
        ["persistedQuery": ["version": version, "sha256Hash": hash]]
    }

    static func post(_ client: GraphQLClient, query: String?, hash: String, version: Int = 1) async throws -> GraphQLClient.Reply {
        var payload: [String: Any] = [
            "extensions": extensions(hash, version: version), "variables": variables,
            "operationName": "getMomentsDetailsByUserID",
        ]
        if let query { payload["query"] = query }
        return try await client.post(body: try JSONSerialization.data(withJSONObject: payload))
    }

    static func get(_ client: GraphQLClient, query: String?, hash: String) async throws -> GraphQLClient.Reply {
        var parameters = [
            "extensions": String(decoding: try JSONSerialization.data(withJSONObject: extensions(hash)), as: UTF8.self),
            "variables": #"{"userID":"0","withLikes":true}"#, "operationName": "getMomentsDetailsByUserID",
        ]
        if let query { parameters["query"] = query }
        return try await client.get("/graphql", query: parameters, headers: ["Accept": "application/json"])
    }

    static func errorCode(_ reply: GraphQLClient.Reply) throws -> String? {
        let errors = try reply.json["errors"] as? [[String: Any]]
        return (errors?.first?["extensions"] as? [String: Any])?["code"] as? String
    }

    static func isTimeline(_ reply: GraphQLClient.Reply) throws -> Bool {
        let data = try reply.json["data"] as? [String: Any]
        return data?["getMomentsDetailsByUserID"] is [String: Any]
    }

    @Test func roundTripOverPost() async throws {
        let server = try ServerProcess(databasePath: databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        let expected = try await client.graphQL(
            query: AppDocuments.timeline, variables: Self.variables, operationName: "getMomentsDetailsByUserID")

        let miss = try await Self.post(client, query: nil, hash: Self.timelineHash)
        #expect(miss.status == 200)
        #expect(miss.text == #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
        #expect(miss.header("Cache-Control") == "private, no-cache, must-revalidate")

        let registered = try await Self.post(client, query: AppDocuments.timeline, hash: Self.timelineHash)
        #expect(registered.status == 200)
        #expect(registered.body == expected.body)

        let hit = try await Self.post(client, query: nil, hash: Self.timelineHash)
        #expect(hit.status == 200)
        #expect(hit.body == expected.body)
    }

    @Test func roundTripOverGet() async throws {
        let server = try ServerProcess(databasePath: databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        let expected = try await client.graphQL(
            query: AppDocuments.timeline, variables: Self.variables, operationName: "getMomentsDetailsByUserID")

        let miss = try await Self.get(client, query: nil, hash: Self.timelineHash)
        #expect(miss.status == 200)
        #expect(try Self.errorCode(miss) == "PERSISTED_QUERY_NOT_FOUND")

        let registered = try await Self.get(client, query: AppDocuments.timeline, hash: Self.timelineHash)
        #expect(registered.body == expected.body)

        // Twice: executed, then (same URL) from the response cache; both the same bytes.
        for _ in 0..<2 {
            let hit = try await Self.get(client, query: nil, hash: Self.timelineHash)
            #expect(hit.status == 200)
            #expect(hit.body == expected.body)
        }
    }

    @Test func aHashThatIsNotTheTextsIsRefusedAndNeverRegistered() async throws {
        let server = try ServerProcess(databasePath: databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        // Hash hijacking: another document under the timeline's hash.
        let hijack = try await Self.post(client, query: "{ __typename }", hash: Self.timelineHash)
        #expect(hijack.status == 400)
        #expect(hijack.text == #"{"errors":[{"message":"provided sha does not match query","extensions":{"code":"BAD_REQUEST"}}]}"#)
        #expect(try Self.errorCode(try await Self.post(client, query: nil, hash: Self.timelineHash)) == "PERSISTED_QUERY_NOT_FOUND")

        // Upper-case hex is not the hash Apollo's clients send: refused the same way.
        let upper = try await Self.post(client, query: AppDocuments.timeline, hash: Self.timelineHash.uppercased())
        #expect(upper.status == 400)
    }

    @Test func versionOtherThanOneIsRefused() async throws {
        let server = try ServerProcess(databasePath: databasePath)
        let reply = try await Self.post(GraphQLClient(baseURL: server.baseURL), query: nil, hash: Self.timelineHash, version: 2)
        #expect(reply.status == 400)
        #expect(reply.text == #"{"errors":[{"message":"Unsupported persisted query version","extensions":{"code":"BAD_REQUEST"}}]}"#)
    }

    @Test func turnedOffItSaysNotSupported() async throws {
        let server = try ServerProcess(databasePath: databasePath, arguments: ["--apq", "off"])
        let client = GraphQLClient(baseURL: server.baseURL)
        for query in [nil, AppDocuments.timeline] {
            let reply = try await Self.post(client, query: query, hash: Self.timelineHash)
            #expect(reply.status == 200)
            #expect(reply.text == #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#)
        }
        // Apollo Server's order: turned off is said before a bad version.
        let badVersion = try await Self.post(client, query: nil, hash: Self.timelineHash, version: 2)
        #expect(try Self.errorCode(badVersion) == "PERSISTED_QUERY_NOT_SUPPORTED")
        // Without the extension, nothing changes.
        let plain = try await client.graphQL(query: AppDocuments.timeline, variables: Self.variables)
        #expect(try Self.isTimeline(plain))
    }
}
