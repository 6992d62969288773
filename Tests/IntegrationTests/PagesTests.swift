import Foundation
import Testing
import MomentsAPI
import TestSupport

/// Pages through the real binary, on SQLite (or PostgreSQL with
/// MOMENTS_TEST_ENGINE=postgresql): a 250-moment timeline paged by 20 while
/// another program posts, the bounds on `first`, `--max-page-size`, and
/// `likesCount` after concurrent likes and unlikes from many clients.
@Suite struct PagesTests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    static let page = """
        query page($userID: ID!, $first: Int, $after: String) {
          getMomentsDetailsByUserID(userID: $userID, first: $first, after: $after) {
            moments { id }
            pageInfo { endCursor hasNextPage }
          }
        }
        """

    private func pageOf(_ client: GraphQLClient, user: String, first: Int?, after: String?) async throws -> [String: Any] {
        var variables: [String: Any] = ["userID": user]
        if let first { variables["first"] = first }
        if let after { variables["after"] = after }
        let reply = try await client.graphQL(query: Self.page, variables: variables)
        #expect(reply.status == 200)
        return try reply.json
    }

    @Test func pagingA250MomentTimelineByTwentyGivesEachMomentOnceWhileOthersPost() async throws {
        // User 0 and their 4 friends have 50 moments each.
        let database = try PostgreSQLServer.database(for: directory.databasePath)
        let seeded = try ServerProcess.run(["seed", "--database", database, "--synthetic", "--users", "50", "--friends", "4", "--moments", "50", "--likes", "2"])
        #expect(seeded.status == 0)
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)

        // The whole timeline, in three default pages of up to 100.
        var expected: [String] = []
        var after: String?
        while true {
            let details = try #require((try await pageOf(client, user: "0", first: nil, after: after)["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])
            expected += (details["moments"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            let info = try #require(details["pageInfo"] as? [String: Any])
            guard info["hasNextPage"] as? Bool == true else { break }
            after = info["endCursor"] as? String
        }
        #expect(expected.count == 250)
        #expect(Set(expected).count == 250)

        var seen: [String] = []
        after = nil
        for index in 0..<20 {
            if index > 0 {
                // Posted between pages by another program, newer than everything.
                try writeAsAnotherProgram("INSERT INTO moments VALUES ('new-\(index)', '1', 'URL', NULL, 'u', \(Int(Date().timeIntervalSince1970) + 60 + index))", databasePath: directory.databasePath)
            }
            let details = try #require((try await pageOf(client, user: "0", first: 20, after: after)["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])
            let ids = (details["moments"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            #expect(ids.count == 20 || seen.count + ids.count == 250)
            seen += ids
            let info = try #require(details["pageInfo"] as? [String: Any])
            guard info["hasNextPage"] as? Bool == true else { break }
            after = try #require(info["endCursor"] as? String)
        }
        #expect(seen == expected)
    }

    @Test func firstOverTheMaximumOrNegativeIsRefused() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        for first in [101, -1] {
            let json = try await pageOf(client, user: "0", first: first, after: nil)
            let errors = try #require(json["errors"] as? [[String: Any]])
            #expect(errors.first?["message"] as? String == "`first` must be between 0 and 100 (got \(first)).")
            #expect((errors.first?["extensions"] as? [String: Any])?["code"] as? String == "BAD_USER_INPUT")
            #expect(json["data"] is NSNull)
        }
        let hundred = try await pageOf(client, user: "0", first: 100, after: nil)
        #expect(hundred["errors"] == nil)
        let cursor = try await pageOf(client, user: "0", first: 1, after: "bm90IGEgY3Vyc29y")
        #expect(((cursor["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String == "BAD_USER_INPUT")
    }

    @Test(arguments: [(["--max-page-size", "2"], [String: String]()), ([], ["MAX_PAGE_SIZE": "2"])])
    func maxPageSizeIsTheDefaultPageAndTheBound(_ arguments: [String], _ environment: [String: String]) async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: arguments, environment: environment)
        let client = GraphQLClient(baseURL: server.baseURL)
        let json = try await pageOf(client, user: "0", first: nil, after: nil)
        let details = try #require((json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])
        #expect((details["moments"] as? [[String: Any]])?.compactMap { $0["id"] as? String } == ["0", "1"])
        #expect((details["pageInfo"] as? [String: Any])?["hasNextPage"] as? Bool == true)
        let refused = try await pageOf(client, user: "0", first: 3, after: nil)
        #expect((refused["errors"] as? [[String: Any]])?.first?["message"] as? String == "`first` must be between 0 and 2 (got 3).")
    }

    /// The demo data's moment 4 (user 0's) is visible to all 11 users; each
    /// likes and unlikes it at random, all at once; the last answer of each
    /// decides, and `likesCount` and `likes` agree with them.
    @Test func likesCountIsTheLikesAfterConcurrentLikesAndUnlikes() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)
        let users = ["0", "1", "2", "3", "4", "100", "101", "102", "103", "104", "105"]
        let like = """
            mutation like($userID: ID!, $isLiked: Boolean!) {
              updateMomentLike(momentID: "4", userID: $userID, isLiked: $isLiked, first: 0) { pageInfo { hasNextPage } }
            }
            """
        let likers = try await withThrowingTaskGroup(of: String?.self) { group in
            for (index, user) in users.enumerated() {
                group.addTask {
                    var last = false
                    for step in 0..<8 {
                        last = (index + step) % 3 != 0
                        let reply = try await client.graphQL(query: like, variables: ["userID": user, "isLiked": last])
                        let errors = try reply.json["errors"]
                        #expect(reply.status == 200 && errors == nil)
                    }
                    return last ? user : nil
                }
            }
            var likers: Set<String> = []
            for try await user in group { if let user { likers.insert(user) } }
            return likers
        }
        let reply = try await client.graphQL(query: """
            { getMomentsDetailsByUserID(userID: "0") { moments { id likesCount likes { id } } } }
            """)
        let moments = try #require(((try reply.json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]])
        let four = try #require(moments.first { $0["id"] as? String == "4" })
        #expect(four["likesCount"] as? Int == likers.count)
        #expect(Set((four["likes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }) == likers)
    }
}
