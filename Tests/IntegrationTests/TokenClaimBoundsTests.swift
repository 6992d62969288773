import Foundation
import JSON
import MomentsAPI
import Testing

/// Correctly signed tokens whose time claims are absurd: each is a 401, and
/// the server keeps serving. Before the claims were bounded, `exp`
/// 9223372036854775807 trapped on `exp + leeway` and took the process down.
@Suite struct TokenClaimBoundsTests {
    static let secret = "a development secret, 32 bytes +"

    static func token(payload: String) -> String {
        BearerTokenIssuer.sign(headerBytes: Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8), payloadBytes: Array(payload.utf8), secret: Array(secret.utf8))
    }

    static func timeline(_ client: GraphQLClient, token: String) async throws -> GraphQLClient.Reply {
        var headers = GraphQLClient.appHeaders
        headers["Authorization"] = "Bearer \(token)"
        return try await client.graphQL(
            query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true],
            operationName: "getMomentsDetailsByUserID", headers: headers)
    }

    @Test func absurdTimeClaimsAre401AndTheServerSurvives() async throws {
        let server = try ServerProcess(databasePath: try PersistedQueryTests.temporaryDatabase(), arguments: ["--auth-secret", Self.secret])
        let client = GraphQLClient(baseURL: server.baseURL)
        let now = Int(Date().timeIntervalSince1970)
        let invalid = { (name: String) in #"{"errors":[{"message":"The bearer token has no valid '\#(name)' claim.","extensions":{"code":"UNAUTHENTICATED"}}]}"# }
        let absurd: [(payload: String, body: String)] = [
            (#"{"sub":"0","exp":9223372036854775807}"#, invalid("exp")),
            (#"{"sub":"0","exp":9223372036854775748}"#, invalid("exp")),
            (#"{"sub":"0","exp":-9223372036854775808}"#, invalid("exp")),
            (#"{"sub":"0","exp":1e300}"#, invalid("exp")),
            (#"{"sub":"0","exp":-1e300}"#, invalid("exp")),
            (#"{"sub":"0","exp":92233720368547758.5}"#, invalid("exp")),
            (#"{"sub":"0","exp":\#(now + 600),"nbf":-9223372036854775808}"#, invalid("nbf")),
            (#"{"sub":"0","exp":\#(now + 600),"nbf":9223372036854775807}"#, invalid("nbf")),
            (#"{"sub":"0","exp":\#(now + 600),"iat":9223372036854775807}"#, invalid("iat")),
            (#"{"sub":"0","exp":\#(now + 600),"iat":\#(now + 3600)}"#,
             #"{"errors":[{"message":"The bearer token is not valid yet.","extensions":{"code":"UNAUTHENTICATED"}}]}"#),
        ]
        for (payload, body) in absurd {
            let reply = try await Self.timeline(client, token: Self.token(payload: payload))
            #expect(reply.status == 401, "\(payload)")
            #expect(reply.text == body, "\(payload)")
            #expect(reply.header("WWW-Authenticate") == #"Bearer realm="moments", error="invalid_token""#, "\(payload)")
        }
        // Still the same process, still answering a good token.
        #expect(server.process.isRunning)
        let good = try await Self.timeline(client, token: Self.token(payload: #"{"sub":"0","exp":\#(now + 600),"iat":\#(now)}"#))
        #expect(good.status == 200)
        #expect(try good.json["errors"] == nil)
    }
}
