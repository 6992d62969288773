import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import MomentsAPI
import TestSupport
#endif

/// The explorer at `GET /graphql` and the internal page at `/internal`, as
/// the server answers them (the pages themselves run in a browser in
/// Tests/Browser/test_pages.py).
@Suite struct BrowserPagesTests {
    /// What Chromium sends when it navigates to a URL.
    static let browserAccept = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"
    static let missingQuery = #"{"errors":[{"message":"Missing 'query' parameter.","extensions":{"code":"BAD_USER_INPUT"}}]}"#

    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A client of a server bound elsewhere than 127.0.0.1 that still only talks to 127.0.0.1.
    func loopbackClient(_ server: ServerProcess) throws -> GraphQLClient {
        GraphQLClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")))
    }

    // MARK: The explorer

    @Test func browserNavigationGetsTheExplorerPage() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let reply = try await GraphQLClient(baseURL: server.baseURL).get("/graphql", headers: ["Accept": Self.browserAccept])
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "text/html; charset=utf-8")
        #expect(reply.header("Vary") == "Accept")
        #expect(reply.header("Content-Security-Policy")?.contains("connect-src 'self'") == true)
        #expect(reply.text.hasPrefix("<!doctype html>"))
        #expect(reply.text.contains("query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!)"))
        #expect(reply.text.contains("mutation updateMomentLike($momentID: ID!, $userID: ID!, $isLiked: Boolean!)"))
        // Self-contained: nothing loaded from elsewhere.
        #expect(!reply.text.contains("<script src"))
        #expect(!reply.text.contains("rel=\"stylesheet\""))
    }

    @Test func jsonClientGetWithoutQueryIsAnsweredAsBefore() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        for accept in ["application/json", "application/graphql-response+json", "*/*"] {
            let reply = try await client.get("/graphql", headers: ["Accept": accept])
            #expect(reply.status == 400, "Accept: \(accept)")
            #expect(reply.header("Content-Type")?.hasPrefix("application/") == true, "Accept: \(accept)")
            #expect(reply.text == Self.missingQuery, "Accept: \(accept)")
        }
    }

    @Test func browserGetWithAQueryRunsIt() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let reply = try await GraphQLClient(baseURL: server.baseURL).get(
            "/graphql", query: ["query": #"{ getMomentsDetailsByUserID(userID: "0") { userDetails { name } } }"#],
            headers: ["Accept": Self.browserAccept])
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        #expect(reply.text == #"{"data":{"getMomentsDetailsByUserID":{"userDetails":{"name":"Jake Lin"}}}}"#)
    }

    @Test(arguments: [(["--explorer", "off"], [String: String]()), ([], ["EXPLORER": "off"])])
    func explorerOffAnswersBrowsersLikeAnyClient(_ arguments: [String], _ environment: [String: String]) async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: arguments, environment: environment)
        let reply = try await GraphQLClient(baseURL: server.baseURL).get("/graphql", headers: ["Accept": Self.browserAccept])
        #expect(reply.status == 400)
        #expect(reply.text == Self.missingQuery)
    }

    // MARK: The internal page

    @Test(.disabled(if: PostgreSQLServer.integrationEngineIsPostgreSQL, "shows the SQLite path"))
    func internalPageIsOnByDefaultOnLoopbackWithoutReset() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        let page = try await client.get("/internal")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.text.contains("isLikeButtonForMomentEnabled"))
        let facts = try await client.get("/internal/facts")
        #expect(facts.status == 200)
        #expect(facts.header("Content-Type") == "application/json; charset=utf-8")
        let json = try facts.json
        let database = try #require(json["database"] as? [String: Any])
        #expect(database["path"] as? String == directory.databasePath)
        #expect(database["schemaVersion"] as? Int == 2)
        let rows = try #require(database["rows"] as? [String: [String: Any]])
        #expect(rows["moments"]?["count"] as? Int == 5)
        #expect(rows["users"]?["count"] as? Int == 11)
        let viewers = try #require(json["viewers"] as? [[String: Any]])
        #expect(viewers.first?["name"] as? String == "Jake Lin")
        let reset = try #require(json["reset"] as? [String: Any])
        #expect(reset["available"] as? Bool == false)
        #expect(reset["token"] == nil)
        let configuration = try #require(json["configuration"] as? [[String: String]])
        #expect(configuration.contains { $0["option"] == "--max-body-bytes" && $0["value"] == "1048576" })
    }

    @Test func internalPageIsOffByDefaultOnEveryInterface() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--host", "0.0.0.0", "--allow-anonymous"])
        let client = try loopbackClient(server)
        #expect(try await client.get("/internal").status == 404)
        #expect(try await client.get("/internal/facts").status == 404)
        #expect(try await client.get("/healthz").status == 200)
    }

    @Test func internalPageOnServesEveryInterface() async throws {
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--host", "0.0.0.0", "--allow-anonymous"], environment: ["INTERNAL_PAGE": "on"])
        let client = try loopbackClient(server)
        #expect(try await client.get("/internal").status == 200)
    }

    @Test func internalPageOffIsOffOnLoopback() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--internal-page", "off"])
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/internal").status == 404)
    }

    @Test func resetIsRefusedWithoutAnExplicitOn() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        _ = try await client.graphQL(query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "0", "isLiked": true])
        let reply = try await client.post("/internal/reset", body: Data(#"{"confirm":"anything"}"#.utf8), headers: [:])
        #expect(reply.status == 403)
        #expect(reply.text.contains("--internal-page on"))
        #expect(try await isLiked(client, momentID: "0", by: "0"))
    }

    @Test func resetWithExplicitOnNeedsThePostAndTheToken() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--internal-page", "on"])
        let client = GraphQLClient(baseURL: server.baseURL)
        _ = try await client.graphQL(query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "0", "isLiked": true])
        #expect(try await client.get("/internal/reset").status == 405)
        let wrong = try await client.post("/internal/reset", body: Data(#"{"confirm":"guess"}"#.utf8), headers: [:])
        #expect(wrong.status == 403)
        let form = try await client.post("/internal/reset", body: Data("confirm=guess".utf8),
                                         contentType: "application/x-www-form-urlencoded", headers: [:])
        #expect(form.status == 415)
        #expect(try await isLiked(client, momentID: "0", by: "0"))

        let facts = try await client.get("/internal/facts").json
        let token = try #require((facts["reset"] as? [String: Any])?["token"] as? String)
        let crossSite = try await client.post(
            "/internal/reset", body: Data(#"{"confirm":"\#(token)"}"#.utf8), headers: ["Origin": "https://elsewhere.example"])
        #expect(crossSite.status == 403)
        let reset = try await client.post("/internal/reset", body: Data(#"{"confirm":"\#(token)"}"#.utf8), headers: [:])
        #expect(reset.status == 200)
        #expect(reset.text == #"{"reset":true}"#)
        #expect(try await !isLiked(client, momentID: "0", by: "0"))
    }

    @Test func unknownSettingIsAUsageError() throws {
        let process = Process()
        process.executableURL = try ServerProcess.binaryURL()
        process.arguments = ["--internal-page", "maybe", "--port", "0", "--database", directory.databasePath]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 64)
        #expect(text.contains("--internal-page must be one of auto, on, off (got maybe)"))
    }

    private func isLiked(_ client: GraphQLClient, momentID: String, by userID: String) async throws -> Bool {
        let reply = try await client.graphQL(query: "{ getMomentsDetailsByUserID(userID: \"\(userID)\") { moments { id isLiked } } }")
        let data = try #require(try reply.json["data"] as? [String: Any])
        let moments = try #require((data["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]])
        return moments.first { $0["id"] as? String == momentID }?["isLiked"] as? Bool ?? false
    }
}
