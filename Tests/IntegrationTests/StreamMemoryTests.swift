import Foundation
import Testing
import TestSupport

/// What an open stream keeps: the prepared operation and the variables it
/// declares, not its request's body nor variables it never uses, so a
/// request's size does not become a stream's.
@Suite(.serialized) struct StreamMemoryTests {
    static let users = ["0", "1", "2", "3", "4", "100", "101", "102", "103", "104", "105"]

    /// A subscription for `userID` whose variables also carry `padding`, unused.
    static func paddedSubscription(userID: String, padding: Int) -> String {
        let query = "subscription Live($userID: ID!) { momentLikesChanged(userID: $userID) { id isLiked likesCount } }"
        let array = "[" + Array(repeating: "0", count: padding).joined(separator: ",") + "]"
        return #"{"query":"\#(query)","operationName":"Live","variables":{"userID":"\#(userID)","unused":\#(array)}}"#
    }

    @Test func paddedStreamsKeepNoneOfTheirPadding() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        // One stream first, so that what every stream shares (threads, caches) is counted before.
        let (warm, warmHead) = try LiveLikesTests.rawSubscribe(port: server.port, userID: "0")
        defer { warm.close() }
        #expect(warmHead.status == 200)
        let before = try ProcessStats(pid: server.process.processIdentifier)
        var clients: [RawClient] = []
        defer { clients.forEach { $0.close() } }
        for user in Self.users {
            let body = Self.paddedSubscription(userID: user, padding: 300_000)
            // 16 a user (the per-viewer limit), user 0's first taken by the warm-up stream.
            for _ in 0..<(user == "0" ? 15 : 16) {
                let client = try RawClient(port: server.port, timeout: .seconds(30))
                clients.append(client)
                try client.send(
                    "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                let head = try client.readResponse()
                #expect(head.status == 200, "user \(user): \(head.status) \(head.text)")
            }
        }
        #expect(try LiveLikesTests.metric("moments_streams_open", of: server) == 176)
        let after = try ProcessStats(pid: server.process.processIdentifier)
        let grown = after.residentBytes - before.residentBytes
        #expect(grown < 64 << 20, "176 padded streams grew RSS by \(grown >> 20) MiB")
        // Every stream still hears its viewer's likes.
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        #expect(clients.prefix(15).allSatisfy { client in
            client.setTimeout(.seconds(5))
            return client.read(until: "momentLikesChanged")
        }, "user 0's streams heard the like")
    }
}
