import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MomentsAPI
import TestSupport
import Testing

/// With a secret no route shows or changes data without a token; CORS
/// covers `/graphql` only; answers say what a cache may keep; a refused
/// request never gets `100 Continue` (docs/security.md).
@Suite struct RouteAccessTests {
    let directory: TemporaryDirectory
    let secretPath: String

    init() throws {
        directory = try TemporaryDirectory()
        secretPath = directory.file("secret")
        try Data(AuthenticationTests.secret).write(to: URL(fileURLWithPath: secretPath))
    }

    func authenticatedServer(_ arguments: [String] = []) throws -> ServerProcess {
        try ServerProcess(databasePath: directory.databasePath, arguments: ["--auth-secret-file", secretPath] + arguments)
    }

    static func bearer(_ user: String = "0") -> [String: String] {
        ["Authorization": "Bearer \(AuthenticationTests.token(user))"]
    }

    @Test func internalRoutesAndMetricsNeedTheToken() async throws {
        let server = try authenticatedServer(["--internal-page", "on"])
        let client = GraphQLClient(baseURL: server.baseURL)
        for path in ["/internal/facts", "/metrics"] {
            let refused = try await client.get(path)
            #expect(refused.status == 401, "\(path)")
            #expect(refused.header("WWW-Authenticate") == #"Bearer realm="moments""#, "\(path)")
            #expect(!refused.text.contains("\"database\"") && !refused.text.contains("# TYPE"), "\(path)")
            let wrong = try await client.get(path, headers: ["Authorization": "Bearer not.a-token"])
            #expect(wrong.status == 401, "\(path)")
            #expect(try await client.get(path, headers: Self.bearer()).status == 200, "\(path)")
        }
        let reset = try await client.post("/internal/reset", body: Data(#"{"confirm":"x"}"#.utf8), headers: [:])
        #expect(reset.status == 401)
        // The page itself is static (its calls carry the token typed into it); the probes stay open.
        #expect(try await client.get("/internal").status == 200)
        #expect(try await client.get("/healthz").status == 200)
        #expect(try await client.get("/readyz").status == 200)
    }

    @Test func aSeparateMetricsPortServesScrapersWithoutAToken() async throws {
        let server = try authenticatedServer(["--metrics-port", "0"])
        let line = try #require(server.stdoutLines.first { $0.hasPrefix("metrics on http://") })
        let url = try #require(URL(string: String(line.dropFirst("metrics on ".count).dropLast("/metrics".count))))
        #expect(try await GraphQLClient(baseURL: url).get("/metrics").status == 200)
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/metrics").status == 404)
    }

    @Test func corsCoversTheGraphQLEndpointOnly() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--cors-origin", "*"])
        let client = GraphQLClient(baseURL: server.baseURL)
        let origin = ["Origin": "https://any.example"]
        let graphQL = try await client.get("/graphql", query: ["query": "{ __typename }"], headers: origin)
        #expect(graphQL.header("Access-Control-Allow-Origin") == "https://any.example")
        for path in ["/internal/facts", "/metrics", "/internal", "/healthz"] {
            let reply = try await client.get(path, headers: origin)
            #expect(reply.status == 200, "\(path)")
            #expect(reply.header("Access-Control-Allow-Origin") == nil, "\(path)")
        }
        // No preflight is granted for them either.
        let preflight = "OPTIONS /internal/facts HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://any.example\r\n"
            + "Access-Control-Request-Method: GET\r\nConnection: close\r\n\r\n"
        let answer = try ProtectedModeTests.exchange(server.port, preflight)
        #expect(!answer.lowercased().contains("access-control-allow-origin"))
    }

    @Test func authenticatedAnswersAreNeverKeptByASharedCache() async throws {
        let server = try authenticatedServer()
        let client = GraphQLClient(baseURL: server.baseURL)
        // Executed, then from the response cache: the same headers both times.
        for _ in 0..<2 {
            let reply = try await client.graphQL(
                query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true],
                operationName: "getMomentsDetailsByUserID", headers: GraphQLClient.appHeaders.merging(Self.bearer()) { $1 })
            #expect(reply.status == 200)
            #expect(reply.header("Cache-Control") == "private, no-store")
            #expect(reply.header("Vary")?.contains("Authorization") == true)
            let get = try await client.get(
                "/graphql", query: ["query": "{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } } }"],
                headers: Self.bearer())
            #expect(get.status == 200)
            // Tagged: the viewer's own cache may keep it and must revalidate; a shared cache may not keep it.
            #expect(get.header("ETag") != nil)
            #expect(get.header("Cache-Control") == "private, no-cache")
            #expect(get.header("Vary")?.contains("Authorization") == true)
        }
        let refused = try await client.get("/graphql", query: ["query": "{ __typename }"])
        #expect(refused.status == 401)
        #expect(refused.header("Cache-Control") == "private, no-store")
    }

    @Test func anonymousGETAnswersSayWhatASharedCacheMayDo() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        for _ in 0..<2 {
            let reply = try await client.get("/graphql", query: ["query": "{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } } }"])
            #expect(reply.status == 200)
            #expect(reply.header("Cache-Control") == "public, max-age=1")
        }
        let refused = try await client.get(
            "/graphql", query: ["query": "{ nope }"], headers: ["Accept": "application/graphql-response+json"])
        #expect(refused.status == 400)
        #expect(refused.header("Cache-Control") == "no-store")
    }

    /// The head of a POST that waits for `100 Continue` before its body.
    static func expectingContinue(host: String = "127.0.0.1", authorization: String? = nil, length: Int = 64) -> String {
        "POST /graphql HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\nContent-Length: \(length)\r\n"
            + (authorization.map { "Authorization: Bearer \($0)\r\n" } ?? "") + "Expect: 100-continue\r\n\r\n"
    }

    @Test func aRefusedRequestGetsItsFinalStatusNotContinue() throws {
        let server = try authenticatedServer()
        for authorization in [nil, "not.a-token"] {
            let client = try RawClient(port: server.port)
            try client.send(Self.expectingContinue(authorization: authorization))
            // No body is sent: the server must answer from the head alone, and close.
            let answer = try client.readUntilClose()
            #expect(answer.hasPrefix("HTTP/1.1 401 Unauthorized\r\n"), "\(authorization ?? "no token")")
            #expect(!answer.contains("100 Continue"))
            #expect(answer.contains("UNAUTHENTICATED"))
        }
        let anonymous = try ServerProcess(databasePath: directory.databasePath)
        let rebound = try RawClient(port: anonymous.port)
        try rebound.send(Self.expectingContinue(host: "attacker.example"))
        #expect(try rebound.readUntilClose().hasPrefix("HTTP/1.1 421 "))
        let tooLarge = try RawClient(port: server.port)
        try tooLarge.send(Self.expectingContinue(authorization: AuthenticationTests.token("0"), length: 1 << 30))
        #expect(try tooLarge.readUntilClose().hasPrefix("HTTP/1.1 413 "))
    }

    @Test func anAllowedRequestGetsContinueThenItsAnswer() throws {
        let server = try authenticatedServer()
        let body = #"{"query":"{ getMomentsDetailsByUserID(userID: \"0\") { userDetails { name } } }"}"#
        let client = try RawClient(port: server.port)
        try client.send(Self.expectingContinue(authorization: AuthenticationTests.token("0"), length: body.utf8.count))
        #expect(try client.readResponse().status == 100)
        try client.send(body)
        let final = try client.readResponse()
        #expect(final.status == 200)
        #expect(final.text.contains("Jake Lin"))
    }
}
