import Foundation
import Testing
import MomentsAPI
import TestSupport

/// The app's own requests (docs/api.md, "The app's two operations") against the
/// real binary on the demo data (docs/storage.md, "Demo data").
@Suite struct AppRequestTests {
    let demo: DemoServer
    var server: ServerProcess { demo.server }
    var client: GraphQLClient { demo.client }

    init() throws {
        demo = try DemoServer()
    }

    @Test func timelineWithLikesMatchesTheDemoData() async throws {
        let reply = try await client.graphQL(
            query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true],
            operationName: "getMomentsDetailsByUserID")
        #expect(reply.status == 200)
        #expect(reply.header("Content-Type") == "application/json; charset=utf-8")
        let json = try reply.json
        #expect(json["errors"] == nil)
        let details = try #require((json["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])
        let user = try #require(details["userDetails"] as? [String: String])
        #expect(user == [
            "id": "0", "name": "Jake Lin", "avatar": "https://avatars0.githubusercontent.com/u/573856?s=460&v=4",
            "backgroundImage": "https://cdn.pixabay.com/photo/2015/04/23/22/00/tree-736885_960_720.jpg",
        ])
        let moments = try #require(details["moments"] as? [[String: Any]])
        #expect(moments.map { $0["id"] as? String } == ["0", "1", "2", "3", "4"])
        #expect(moments.map { $0["isLiked"] as? Bool } == [false, false, true, true, false])
        #expect(moments.map { ($0["likes"] as? [[String: String]])?.map { $0["id"] ?? "" } } == [
            ["100", "101", "102"], ["103", "104", "105"], ["0", "104"], ["0", "105"], [],
        ])
        #expect(moments[2]["title"] as? String == "Swift 5.5 🎉 with Async/Await")
        #expect(moments[0]["title"] is NSNull)
        #expect(moments[4]["type"] as? String == "URL")
        #expect(moments[4]["photos"] as? [String] == [])
        #expect(moments[0]["photos"] as? [String] == [
            "https://encrypted-tbn0.gstatic.com/images?q=tbn%3AANd9GcRisv-yQgXGrto6OxQxX62JyvyQGvRsQQ760g&usqp=CAU"
        ])
        let now = Int(Date().timeIntervalSince1970)
        let created = moments.compactMap { ($0["createdDate"] as? String).flatMap { Int($0) } }
        #expect(created.count == 5)
        #expect(created == created.sorted(by: >))
        #expect(abs(now - 120 - created[0]) < 600)
        #expect(moments[1]["userDetails"] as? [String: String] == [
            "name": "Mattt", "avatar": "https://pbs.twimg.com/profile_images/969321564050112513/fbdJZmEh_400x400.jpg",
        ])
    }

    @Test func accessLogNamesTheOperation() async throws {
        _ = try await client.graphQL(
            query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": false],
            operationName: "getMomentsDetailsByUserID")
        // Standard error arrives through a pipe, and lines are written off the request's thread: wait for them.
        let starting = server.waitForStderrLine { $0.contains("info moments-bff: starting") }
        #expect(starting?.contains("port=0") == true)
        let line = try #require(server.waitForStderrLine { $0.contains("POST /graphql 200") })
        #expect(line.wholeMatch(of: /.* op=getMomentsDetailsByUserID requestID=[0-9a-z]{6}-[0-9a-z]{8}/) != nil)
    }

    @Test func responseKeysComeInSelectionOrder() async throws {
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true])
        let text = reply.text
        let keys = ["\"id\"", "\"userDetails\"", "\"type\"", "\"title\"", "\"photos\"", "\"createdDate\"", "\"isLiked\"", "\"likes\""]
        let firstMoment = try #require(text.range(of: "\"moments\":[{")).upperBound
        let offsets = keys.compactMap { text.range(of: $0, range: firstMoment..<text.endIndex)?.lowerBound }
        #expect(offsets.count == keys.count)
        #expect(offsets == offsets.sorted())
    }

    @Test func timelineWithoutLikesOmitsLikeFields() async throws {
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": false])
        #expect(reply.status == 200)
        let data = try #require(try reply.json["data"] as? [String: Any])
        let moments = try #require((data["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]])
        #expect(moments.count == 5)
        for moment in moments {
            #expect(moment["isLiked"] == nil)
            #expect(moment["likes"] == nil)
            #expect(moment.keys.sorted() == ["createdDate", "id", "photos", "title", "type", "userDetails"])
        }
    }

    @Test func friendTimelineHoldsOwnAndFriendsMoments() async throws {
        // User 1 is a friend of 0 only: 0's moment (4) and 1's own (0).
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "1", "withLikes": true])
        let data = try #require(try reply.json["data"] as? [String: Any])
        let moments = try #require((data["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]])
        #expect(moments.map { $0["id"] as? String } == ["0", "4"])
        #expect(moments.map { $0["isLiked"] as? Bool } == [false, false])
    }

    @Test func unknownUserIsNotFoundWithNullData() async throws {
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "999", "withLikes": true])
        #expect(reply.status == 200)
        let json = try reply.json
        #expect(json["data"] is NSNull)
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] as? String == "User '999' not found.")
        #expect(error["path"] as? [String] == ["getMomentsDetailsByUserID"])
        #expect((error["extensions"] as? [String: String])?["code"] == "NOT_FOUND")
        #expect((error["locations"] as? [[String: Int]])?.first == ["line": 2, "column": 3])
    }

    @Test(arguments: [("42", "0"), ("1", "100")])
    func likingAMomentThatDoesNotExistOrIsInvisibleIsNotFound(momentID: String, userID: String) async throws {
        // Moment 42 does not exist; moment 1 (by 2) is not visible to 100, who is a friend of 0 only.
        let reply = try await client.graphQL(
            query: AppDocuments.updateLike, variables: ["momentID": momentID, "userID": userID, "isLiked": true])
        let json = try reply.json
        #expect(json["data"] is NSNull)
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] as? String == "Moment '\(momentID)' not found.")
        #expect((error["extensions"] as? [String: String])?["code"] == "NOT_FOUND")
        #expect(error["path"] as? [String] == ["updateMomentLike"])
    }

    @Test func missingVariableIsBadUserInput() async throws {
        let reply = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "0"])
        #expect(reply.status == 200)
        let json = try reply.json
        #expect(json["data"] == nil)
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect(error["message"] as? String == "Variable \"$withLikes\" of required type \"Boolean!\" was not provided.")
        #expect((error["extensions"] as? [String: String])?["code"] == "BAD_USER_INPUT")
    }
}
