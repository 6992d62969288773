import Foundation
import JSON
import MomentsAPI
import Testing

/// `--auth-secret-file`: every /graphql request needs a valid HS256 bearer
/// token and acts as its subject; /healthz and /readyz stay open.
@Suite struct AuthenticationTests {
    let databasePath: String
    let secretPath: String
    static let secret = Array("a development secret, 32 bytes +".utf8)

    init() throws {
        databasePath = try PersistedQueryTests.temporaryDatabase()
        secretPath = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("secret").path
        try Data(Self.secret + [UInt8(ascii: "\n")]).write(to: URL(fileURLWithPath: secretPath))
    }

    static var now: Int { Int(Date().timeIntervalSince1970) }

    static func token(_ user: String, expiresIn: Int = 600, header: JSONObject = ["alg": "HS256", "typ": "JWT"], secret: [UInt8] = secret) -> String {
        BearerTokenIssuer.sign(header: header, claims: ["sub": .string(user), "exp": .int(now + expiresIn)], secret: secret)
    }

    static func headers(_ token: String?) -> [String: String] {
        var headers = GraphQLClient.appHeaders
        if let token { headers["Authorization"] = "Bearer \(token)" }
        return headers
    }

    func timeline(_ client: GraphQLClient, user: String, token: String?) async throws -> GraphQLClient.Reply {
        try await client.graphQL(
            query: AppDocuments.timeline, variables: ["userID": user, "withLikes": true],
            operationName: "getMomentsDetailsByUserID", headers: Self.headers(token))
    }

    @Test func refusesEveryBadTokenWith401() async throws {
        let server = try ServerProcess(databasePath: databasePath, arguments: ["--auth-secret-file", secretPath])
        let client = GraphQLClient(baseURL: server.baseURL)
        let claims: JSONObject = ["sub": "0", "exp": .int(Self.now + 600)]
        let refused: [(String, String?, String)] = [
            ("missing", nil, "Authentication required: send Authorization: Bearer <token>."),
            ("malformed", "not.a-token", "The bearer token is malformed."),
            ("expired", Self.token("0", expiresIn: -3600), "The bearer token has expired."),
            ("wrong signature", Self.token("0", secret: Array("another secret that is 32 bytes.".utf8)), "The bearer token's signature is invalid."),
            ("alg none", BearerTokenIssuer.unsigned(header: ["alg": "none"], claims: claims), "The bearer token's algorithm is not HS256."),
            ("alg HS512", Self.token("0", header: ["alg": "HS512"]), "The bearer token's algorithm is not HS256."),
            ("alg RS256", BearerTokenIssuer.unsigned(header: ["alg": "RS256"], claims: claims, signature: Array(repeating: 7, count: 256)),
             "The bearer token's algorithm is not HS256."),
        ]
        for (name, token, message) in refused {
            let reply = try await timeline(client, user: "0", token: token)
            #expect(reply.status == 401, "\(name)")
            #expect(reply.text == #"{"errors":[{"message":"\#(message)","extensions":{"code":"UNAUTHENTICATED"}}]}"#, "\(name)")
            let challenge = token == nil ? #"Bearer realm="moments""# : #"Bearer realm="moments", error="invalid_token""#
            #expect(reply.header("WWW-Authenticate") == challenge, "\(name)")
        }
        // Health checks are not behind authentication.
        #expect(try await client.get("/healthz").status == 200)
        #expect(try await client.get("/readyz").status == 200)
    }

    @Test func theRightTokenIsAcceptedAndOnlyForItsOwnUser() async throws {
        let plain = try ServerProcess(databasePath: databasePath)
        let expected = try await timeline(GraphQLClient(baseURL: plain.baseURL), user: "0", token: nil)
        #expect(plain.stop() == 0)

        let server = try ServerProcess(databasePath: databasePath, arguments: ["--auth-secret-file", secretPath])
        let client = GraphQLClient(baseURL: server.baseURL)
        // Twice: executed, then from the response cache, the same bytes as without authentication.
        for _ in 0..<2 {
            let own = try await timeline(client, user: "0", token: Self.token("0"))
            #expect(own.status == 200)
            #expect(own.body == expected.body)
        }
        // User 1's token asking for user 0's timeline: never user 0's kept answer.
        let other = try await timeline(client, user: "0", token: Self.token("1"))
        #expect(other.status == 200)
        #expect(other.text == #"{"errors":[{"message":"Not allowed: the token's user is not userID \"0\".","locations":[{"line":2,"column":3}],"path":["getMomentsDetailsByUserID"],"extensions":{"code":"FORBIDDEN"}}],"data":null}"#)

        let likeAsOther = try await client.graphQL(
            query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "0", "isLiked": false],
            operationName: "updateMomentLike", headers: Self.headers(Self.token("1")))
        #expect(try PersistedQueryTests.errorCode(likeAsOther) == "FORBIDDEN")
        #expect(try likeAsOther.json["data"] is NSNull)
        let like = try await client.graphQL(
            query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "1", "isLiked": true],
            operationName: "updateMomentLike", headers: Self.headers(Self.token("1")))
        #expect(like.status == 200)
        #expect(try like.json["errors"] == nil)
    }

    @Test func tokenCommandSignsWhatTheServerAccepts() async throws {
        let (status, output) = try ServerProcess.runMergingStandardError(["token", "--user", "2", "--ttl", "5m", "--auth-secret-file", secretPath])
        #expect(status == 0)
        let token = output.trimmingCharacters(in: .whitespacesAndNewlines)
        let server = try ServerProcess(databasePath: databasePath, environment: ["AUTH_SECRET_FILE": secretPath])
        let reply = try await timeline(GraphQLClient(baseURL: server.baseURL), user: "2", token: token)
        #expect(reply.status == 200)
        #expect(try reply.json["errors"] == nil)
    }

    @Test func aShortSecretIsAStartupError() throws {
        let (status, output) = try ServerProcess.runMergingStandardError(["--port", "0", "--database", databasePath, "--auth-secret", "too short"])
        #expect(status != 0)
        #expect(output.contains("at least 32 bytes"))
    }
}
