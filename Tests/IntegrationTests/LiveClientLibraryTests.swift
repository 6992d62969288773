import Foundation
import Testing
import TestSupport

/// Live likes read by third-party client libraries, as users' programs read
/// them: Python's `gql` 4.4 (`AIOHTTPTransport.subscribe`, Apollo's multipart
/// protocol; it looks for the token form `boundary=graphql`) and `httpx-sse`.
/// They live in a virtual environment of their own (gql 4.4 needs
/// graphql-core 3.3, the schema check 3.2): `scripts/client-libraries.sh`
/// makes it; without it these tests skip, unless
/// `MOMENTS_REQUIRE_CLIENT_LIBRARIES=1` (CI) makes that a failure.
@Suite(.serialized) struct LiveClientLibraryTests {
    static let python = ProcessInfo.processInfo.environment["MOMENTS_CLIENTS_PYTHON"]
        ?? RepositoryFile.path(".build/client-libraries/bin/python")
    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: python)
            || ProcessInfo.processInfo.environment["MOMENTS_REQUIRE_CLIENT_LIBRARIES"] == "1"
    }
    static let skipReason: Comment = "run scripts/client-libraries.sh first (gql 4.4 and httpx-sse in a virtual environment)"

    /// Each client opens its stream, hears a like and an unlike of moment 4, and exits 0.
    @Test(.enabled(if: isAvailable, skipReason), arguments: ["gql", "sse"])
    func aClientLibraryHearsEachLike(_ mode: String) throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let client = try StreamingClient(
            Self.python, [RepositoryFile.path("Tests/Clients/live_clients.py"), mode,
                          "http://127.0.0.1:\(server.port)/graphql", "2"])
        defer { client.kill() }
        // The stream is registered before its head is sent: like once it is open.
        #expect(eventually(within: .seconds(30)) { (try? LiveLikesTests.metric("moments_streams_open", of: server)) == 1 },
                "\(client.errorText)")
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        #expect(client.waitFor(within: .seconds(10)) { $0.text.contains(#""isLiked":true"#) }, "\(client.text) \(client.errorText)")
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: false)
        #expect(client.waitForExit(within: .seconds(10)) == 0, "\(client.errorText)")
        let lines = client.text.split(separator: "\n").map(String.init)
        #expect(lines == [
            #"{"momentLikesChanged":{"id":"4","isLiked":true,"likesCount":1}}"#,
            #"{"momentLikesChanged":{"id":"4","isLiked":false,"likesCount":0}}"#,
        ], "\(client.errorText)")
    }
}
