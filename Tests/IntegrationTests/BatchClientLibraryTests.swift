import Foundation
import Testing
import TestSupport

/// Batched operations sent by a third-party client library: Python's `gql`
/// 4.4 (`execute_batch`, the JSON array Apollo's batch links send), in the
/// virtual environment `scripts/client-libraries.sh` makes (see
/// `LiveClientLibraryTests`). The app's launch asks its toggles and its
/// timeline in one round trip.
@Suite struct BatchClientLibraryTests {
    @Test(.enabled(if: LiveClientLibraryTests.isAvailable, LiveClientLibraryTests.skipReason))
    func gqlSendsTheAppsLaunchPairAsOneBatch() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let client = try StreamingClient(
            LiveClientLibraryTests.python,
            [RepositoryFile.path("Tests/Clients/batch_client.py"), "http://127.0.0.1:\(server.port)/graphql"])
        defer { client.kill() }
        #expect(client.waitForExit(within: .seconds(30)) == 0, "\(client.errorText)")
        let lines = client.text.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(client.text) \(client.errorText)")
        #expect(lines.first?.hasPrefix(#"{"featureToggles":["#) == true, "\(lines)")
        #expect(lines.last?.hasPrefix(#"{"getMomentsDetailsByUserID":{"moments":[{"id":"0","isLiked":false}"#) == true, "\(lines)")
        // One request carried both: one access line (written off the request's thread: wait for it).
        #expect(server.waitForStderrLine { $0.contains("POST /graphql") } != nil)
        let logged = server.stderrLines.filter { $0.contains("POST /graphql") }
        #expect(logged.count == 1, "\(logged)")
        #expect(logged.first?.contains("op=getMomentsDetailsByUserID") == true, "\(logged)")
    }
}
