import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import MomentsAPI
import TestSupport
#endif

/// GraphQL over HTTP (docs/http.md) and the operational routes, through URLSession.
@Suite struct GraphQLOverHTTPTests {
    let directory: TemporaryDirectory
    let server: ServerProcess
    let client: GraphQLClient

    init() throws {
        directory = try TemporaryDirectory()
        server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--cors-origin", "https://studio.example"])
        client = GraphQLClient(baseURL: server.baseURL)
    }

    @Test func healthAndReadiness() async throws {
        let health = try await client.get("/healthz")
        #expect(health.status == 200)
        let ready = try await client.get("/readyz")
        #expect(ready.status == 200)
        let root = try await client.get("/")
        #expect(root.status == 200)
        #expect(root.text.contains("/graphql"))
        #expect(root.text.contains("curl"))
    }

    @Test func queryOverGET() async throws {
        let reply = try await client.get("/graphql", query: [
            "query": "query Q($id: ID!) { getMomentsDetailsByUserID(userID: $id) { userDetails { name } } }",
            "variables": #"{"id":"3"}"#, "operationName": "Q",
        ])
        #expect(reply.status == 200)
        #expect(reply.text == #"{"data":{"getMomentsDetailsByUserID":{"userDetails":{"name":"Swift Language"}}}}"#)
    }

    @Test func mutationOverGETIsRefusedWith405() async throws {
        let reply = try await client.get("/graphql", query: [
            "query": #"mutation { updateMomentLike(momentID: "0", userID: "0", isLiked: true) { userDetails { id } } }"#
        ])
        #expect(reply.status == 405)
        #expect(reply.header("Allow") == "POST")
        // Nothing was written.
        let check = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true])
        #expect(!check.text.contains(#""isLiked":true,"likes":[{"id":"100""#))
    }

    @Test func syntaxErrorIs200ForJSONAnd400ForGraphQLResponseJSON() async throws {
        let legacy = try await client.graphQL(query: "{ getMomentsDetailsByUserID(")
        #expect(legacy.status == 200)
        #expect(legacy.header("Content-Type") == "application/json; charset=utf-8")
        let error = try #require((try legacy.json["errors"] as? [[String: Any]])?.first)
        #expect((error["extensions"] as? [String: String])?["code"] == "GRAPHQL_PARSE_FAILED")
        #expect((error["locations"] as? [[String: Int]]) == [["line": 1, "column": 29]])
        #expect(try legacy.json["data"] == nil)

        var headers = GraphQLClient.appHeaders
        headers["Accept"] = "application/graphql-response+json, application/json;q=0.9"
        let modern = try await client.graphQL(query: "{ getMomentsDetailsByUserID(", headers: headers)
        #expect(modern.status == 400)
        #expect(modern.header("Content-Type") == "application/graphql-response+json; charset=utf-8")
    }

    @Test func validationErrorIsReportedWithCode() async throws {
        var headers = GraphQLClient.appHeaders
        headers["Accept"] = "application/graphql-response+json"
        let reply = try await client.graphQL(query: "{ getMomentsDetailsByUserID(userID: \"0\") { nope } }", headers: headers)
        #expect(reply.status == 400)
        let error = try #require((try reply.json["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] as? String == "Cannot query field \"nope\" on type \"MomentsDetails\".")
        #expect((error["extensions"] as? [String: String])?["code"] == "GRAPHQL_VALIDATION_FAILED")
    }

    @Test func fieldErrorKeeps200EvenForGraphQLResponseJSON() async throws {
        var headers = GraphQLClient.appHeaders
        headers["Accept"] = "application/graphql-response+json"
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "nobody", "withLikes": false], headers: headers)
        #expect(reply.status == 200)
        #expect(try reply.json["data"] is NSNull)
    }

    @Test func unsupportedContentTypeIs415() async throws {
        let reply = try await client.post(body: Data("{ __typename }".utf8), contentType: "text/plain")
        #expect(reply.status == 415)
    }

    @Test(arguments: [
        "not json", "[1,2]", #"{"query": 5}"#, #"{"query": "{ __typename }", "variables": [1]}"#,
        #"{"query": "{ __typename }", "extensions": "string"}"#, #"{"query": "{ __typename }", "extensions": ["array"]}"#,
    ])
    func bodyThatIsNotAGraphQLRequestIs400(body: String) async throws {
        let reply = try await client.post(body: Data(body.utf8))
        #expect(reply.status == 400)
        let error = try #require((try reply.json["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] is String)
    }

    @Test func unknownPathIs404AndWrongMethodIs405() async throws {
        #expect(try await client.get("/nope").status == 404)
        let reply = try await client.post("/healthz", body: Data())
        #expect(reply.status == 405)
        #expect(reply.header("Allow")?.contains("GET") == true)
    }

    @Test func corsPreflightForAConfiguredOrigin() async throws {
        var request = URLRequest(url: server.baseURL.appendingPathComponent("/graphql"))
        request.httpMethod = "OPTIONS"
        request.setValue("https://studio.example", forHTTPHeaderField: "Origin")
        request.setValue("POST", forHTTPHeaderField: "Access-Control-Request-Method")
        request.setValue("content-type", forHTTPHeaderField: "Access-Control-Request-Headers")
        let (_, response) = try await client.session.data(for: request)
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 204)
        #expect(http.value(forHTTPHeaderField: "Access-Control-Allow-Origin") == "https://studio.example")
        #expect(http.value(forHTTPHeaderField: "Access-Control-Allow-Methods")?.contains("POST") == true)

        let simple = try await client.get("/graphql", query: ["query": "{ __typename }"], headers: ["Origin": "https://studio.example"])
        #expect(simple.header("Access-Control-Allow-Origin") == "https://studio.example")
        let other = try await client.get("/graphql", query: ["query": "{ __typename }"], headers: ["Origin": "https://evil.example"])
        #expect(other.header("Access-Control-Allow-Origin") == nil)
    }

    @Test func introspectionAnswersTypeQueries() async throws {
        let reply = try await client.graphQL(query: #"{ __type(name: "MomentType") { kind enumValues { name } } }"#)
        #expect(reply.text == #"{"data":{"__type":{"kind":"ENUM","enumValues":[{"name":"URL"},{"name":"PHOTOS"}]}}}"#)
    }

    @Test func gracefulShutdownExitsZero() async throws {
        #expect(try await client.get("/healthz").status == 200)
        #expect(server.stop(signal: SIGINT) == 0)
    }
}
