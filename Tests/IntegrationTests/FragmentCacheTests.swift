import Foundation
import Testing
import MomentsAPI
import TestSupport

/// The fragment cache through the real server: two servers on equal data,
/// one copying moments from the cache and one executing every moment (both
/// without the response cache, so every answer is executed), get the same
/// requests, likes and unlikes included, and must answer the same bytes.
/// The only difference allowed is each database's own seeding time in
/// `createdDate`. The cache must have been used, or the test proves nothing.
@Suite struct FragmentCacheIntegrationTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    /// The app's documents and others that select moments differently: other
    /// fields and order, aliases, a literal and a variable argument, a page.
    static let documents = [
        AppDocuments.timeline,
        """
        query Other($userID: ID!) {
          getMomentsDetailsByUserID(userID: $userID, first: 3) {
            moments { __typename likesCount isLiked id first: likes(first: 1) { name id } userDetails { id avatar } }
          }
        }
        """,
        """
        query Some($userID: ID!, $n: Int) {
          getMomentsDetailsByUserID(userID: $userID) { moments { id likes(first: $n) { id } likesCount } }
        }
        """,
    ]

    /// A deterministic sequence (a linear congruential generator), so a failure can be replayed.
    struct Steps {
        var state: UInt64 = 12_345
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func normalized(_ body: Data) throws -> String {
        let text = String(decoding: body, as: UTF8.self)
        let createdDate = try Regex(#""createdDate":"[0-9]+""#)
        return text.replacing(createdDate, with: #""createdDate":"?""#)
    }

    static func momentIDs(_ body: Data) throws -> [String] {
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let data = try #require(json["data"] as? [String: Any])
        let details = try #require((data["getMomentsDetailsByUserID"] ?? data["updateMomentLike"]) as? [String: Any])
        return try #require(details["moments"] as? [[String: Any]]).compactMap { $0["id"] as? String }
    }

    @Test func answersAreTheBytesOfExecutingThroughLikesAndUnlikes() async throws {
        let copying = try ServerProcess(
            databasePath: directory.file("copying.sqlite"), arguments: ["--response-cache-bytes", "0"])
        let executing = try ServerProcess(
            databasePath: directory.file("executing.sqlite"),
            arguments: ["--response-cache-bytes", "0", "--fragment-cache-bytes", "0"])
        let clients = [GraphQLClient(baseURL: copying.baseURL), GraphQLClient(baseURL: executing.baseURL)]
        // The demo data's users; each has friends, so each sees several moments.
        let users = ["0", "1", "2", "3", "4"]
        var steps = Steps()
        var seen: [String: [String]] = [:]
        var likes = 0
        for step in 0..<160 {
            let user = users[steps.next(users.count)]
            let query: String
            var variables: [String: Any] = ["userID": user]
            if step % 4 == 3, let moments = seen[user], !moments.isEmpty {
                query = AppDocuments.updateLike
                variables["momentID"] = moments[steps.next(moments.count)]
                variables["isLiked"] = steps.next(3) != 0
                likes += 1
            } else {
                query = Self.documents[steps.next(Self.documents.count)]
                if query == AppDocuments.timeline { variables["withLikes"] = steps.next(4) != 0 }
                if query.contains("$n") { variables["n"] = steps.next(4) }
            }
            var bodies: [String] = []
            for client in clients {
                let reply = try await client.graphQL(query: query, variables: variables)
                #expect(reply.status == 200, "step \(step): \(reply.text)")
                bodies.append(try Self.normalized(reply.body))
                if query == AppDocuments.timeline || query == AppDocuments.updateLike {
                    seen[user] = try Self.momentIDs(reply.body)
                }
            }
            #expect(bodies[0] == bodies[1], "step \(step), \(variables)")
        }
        #expect(likes > 20)
        // That the bytes were copied, read off `/metrics` by the reference
        // parser; without it (a machine with no prometheus_client) the
        // comparison above still ran, as the metrics suite skips.
        if PrometheusParser.shouldRun {
            let scrape = try await Scrape.fetch(copying.baseURL)
            #expect(try #require(scrape.value("moments_fragment_cache_hits_total")) > 100)
            #expect(try await Scrape.fetch(executing.baseURL).value("moments_fragment_cache_hits_total") == nil)
        }
        #expect(copying.stop() == 0)
        #expect(executing.stop() == 0)
    }
}
