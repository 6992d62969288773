import Foundation
import JSON
import MomentsAPI
import Testing
import TestSupport

/// What ends a subscription's stream besides its client and shutdown: every
/// path that ends a connection gives its slot back (a reset after a pipelined
/// request included, or the viewer would meet 429 until a restart), and a
/// stream ends when the token it was opened with does.
@Suite(.serialized) struct StreamLifetimeTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// Each connection pipelines `GET /healthz` with user 0's subscription and is
    /// reset at once: the subscription's handler answers a closed connection.
    @Test func aResetAfterAPipelinedRequestGivesTheSlotBack() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let body = LiveLikesTests.subscription(userID: "0")
        let pipelined = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n"
            + "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream\r\n"
            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        for _ in 0..<200 {
            let client = try RawClient(port: server.port, timeout: .seconds(10))
            try client.send(pipelined)
            client.reset()
        }
        #expect(eventually(within: .seconds(10)) { (try? LiveLikesTests.metric("moments_streams_open", of: server)) == 0 })
        // User 0 may open their 16 streams again.
        var open: [RawClient] = []
        defer { open.forEach { $0.close() } }
        for index in 0..<16 {
            let (client, head) = try LiveLikesTests.rawSubscribe(port: server.port, userID: "0")
            open.append(client)
            #expect(head.status == 200, "stream \(index + 1) of 16: \(head.status)")
        }
    }

    // MARK: The token's end

    static let secret = Array("a development secret, 32 bytes +".utf8)

    /// A token for `user` that the server refuses from `refusedIn` seconds on:
    /// its `exp` lies that far ahead of now minus the 60 s leeway.
    static func token(_ user: String, refusedIn seconds: Int64) -> String {
        let now = Int64(Date().timeIntervalSince1970)
        return BearerTokenIssuer.token(
            subject: user, issuedAt: now - 120, expiresAt: now + seconds - BearerTokenVerifier.leeway, secret: secret)
    }

    func authenticatedServer() throws -> ServerProcess {
        let secretPath = directory.file("secret")
        try Data(Self.secret).write(to: URL(fileURLWithPath: secretPath))
        return try ServerProcess(databasePath: directory.databasePath, arguments: ["--auth-secret-file", secretPath])
    }

    /// The error every result of an expired stream's end carries.
    static func expectTokenExpired(_ result: [String: Any], _ text: String) {
        #expect(LiveLikesTests.firstErrorCode(result) == "UNAUTHENTICATED", "\(text)")
        let message = ((result["errors"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        #expect(message == "The bearer token has expired.", "\(text)")
    }

    @Test func anSSEStreamEndsWithItsToken() throws {
        let server = try authenticatedServer()
        defer { _ = server.stop() }
        let token = Self.token("0", refusedIn: 4)
        let stream = try StreamingClient.curl(accept: "text/event-stream", [
            "-H", "Authorization: Bearer \(token)", "-H", "Content-Type: application/json",
            "--data-binary", LiveLikesTests.subscription(userID: "0"), "http://127.0.0.1:\(server.port)/graphql",
        ])
        #expect(stream.waitFor(within: .seconds(10)) { $0.head?.hasPrefix("HTTP/1.1 200") == true }, "\(stream.head ?? "no head")")
        // Heard while the token is good.
        let good = ["Authorization": "Bearer \(Self.token("0", refusedIn: 600))"]
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true, headers: GraphQLClient.appHeaders.merging(good) { $1 })
        #expect(stream.waitFor(within: .seconds(5)) { $0.body.contains(LiveLikesTests.moment4(isLiked: true)) }, "\(stream.body)")
        // Then one result with the error, `complete`, and the response's end (curl exits 0).
        #expect(stream.waitForExit(within: .seconds(15)) == 0, "\(stream.errorText)")
        let blocks = try #require(LiveLikesTests.sseBlocks(stream.body), "\(stream.body)")
        #expect(blocks.last == "event: complete\ndata:")
        let last = try #require(blocks.dropLast().last)
        try #require(last.hasPrefix("event: next\ndata: "), "\(last)")
        let result = try LiveLikesTests.object(last.dropFirst("event: next\ndata: ".count))
        #expect(result["data"] == nil)
        Self.expectTokenExpired(result, last)
    }

    @Test func aMultipartStreamEndsWithItsToken() throws {
        let server = try authenticatedServer()
        defer { _ = server.stop() }
        let stream = try StreamingClient.curl(accept: "multipart/mixed;subscriptionSpec=1.0", [
            "-H", "Authorization: Bearer \(Self.token("0", refusedIn: 3))", "-H", "Content-Type: application/json",
            "--data-binary", LiveLikesTests.subscription(userID: "0"), "http://127.0.0.1:\(server.port)/graphql",
        ])
        #expect(stream.waitForExit(within: .seconds(15)) == 0, "\(stream.errorText)")
        #expect(stream.body.hasSuffix("\r\n--graphql--\r\n"), "\(stream.body)")
        let parts = try #require(LiveLikesTests.multipartParts(stream.body), "\(stream.body)")
        let last = try LiveLikesTests.object(try #require(parts.last))
        #expect(last["payload"] is NSNull)
        Self.expectTokenExpired(last, "\(parts)")
    }
}
