import JSON
import Moments
import MomentsFakes
import Testing
@testable import MomentsAPI

/// Pages through the API, on in-memory repositories: `first` and `after` on
/// both timeline fields, `pageInfo`, `likes(first:)`, `likesCount`, and the
/// bounds (docs/api.md, "Pages").
@Suite struct PagesTests {
    static let page = """
        query page($first: Int, $after: String) {
          getMomentsDetailsByUserID(userID: "0", first: $first, after: $after) {
            moments { id }
            pageInfo { endCursor hasNextPage }
          }
        }
        """

    /// The ids, end cursor and `hasNextPage` of one page of user 0's timeline.
    private func page(_ fixture: APIFixture, first: Int?, after: String?) throws -> (ids: [String], cursor: String?, hasNext: Bool) {
        var variables: JSONObject = [:]
        if let first { variables["first"] = .int(first) }
        if let after { variables["after"] = .string(after) }
        let body = try JSONParser.parse(fixture.post(query: Self.page, variables: variables).body)
        guard case .object(let response) = body, case .object(let data)? = response["data"],
              case .object(let details)? = data["getMomentsDetailsByUserID"], case .array(let moments)? = details["moments"],
              case .object(let info)? = details["pageInfo"], case .bool(let hasNext)? = info["hasNextPage"] else {
            throw Unexpected(body: body)
        }
        let ids = moments.compactMap { moment -> String? in
            if case .object(let object) = moment, case .string(let id)? = object["id"] { id } else { nil }
        }
        let cursor: String? = if case .string(let text)? = info["endCursor"] { text } else { nil }
        return (ids, cursor, hasNext)
    }

    struct Unexpected: Error { let body: JSONValue }

    @Test func pagesOfTwoWalkTheDemoTimelineOnce() throws {
        let fixture = APIFixture()
        var seen: [String] = []
        var after: String?
        var pages = 0
        repeat {
            let (ids, cursor, hasNext) = try page(fixture, first: 2, after: after)
            seen += ids
            after = cursor
            pages += 1
            if !hasNext { break }
        } while pages < 10
        #expect(seen == ["0", "1", "2", "3", "4"])
        #expect(pages == 3)
        // Past the end: an empty page with no cursor.
        let (ids, cursor, hasNext) = try page(fixture, first: 2, after: after)
        #expect(ids == [] && cursor == nil && !hasNext)
    }

    @Test func absentFirstIsTheMaximumAndZeroIsAnEmptyPage() throws {
        let fixture = APIFixture()
        let whole = try page(fixture, first: nil, after: nil)
        #expect(whole.ids == ["0", "1", "2", "3", "4"] && !whole.hasNext)
        #expect(whole.cursor == PageCursor.encode(TimelineCursor(createdDate: InMemoryDatabase.demoNow - 3 * 86_400, momentID: "4")))
        let none = try page(fixture, first: 0, after: nil)
        #expect(none.ids == [] && none.cursor == nil && none.hasNext)
    }

    @Test(arguments: [101, -1, 1_000_000])
    func firstOutOfRangeIsBadUserInput(_ first: Int) {
        let response = APIFixture().post(query: Self.page, variables: ["first": .int(first)])
        #expect(response.text == #"{"errors":[{"message":"`first` must be between 0 and 100 (got \#(first)).","locations":[{"line":2,"column":3}],"path":["getMomentsDetailsByUserID"],"extensions":{"code":"BAD_USER_INPUT"}}],"data":null}"#)
    }

    @Test(arguments: ["", "not a cursor!", "MTIz", "eDo0", "MDE6NA", "MTox", String(repeating: "A", count: 2_000)])
    func aCursorNotMadeByTheServerIsBadUserInput(_ cursor: String) {
        // "MTIz" is "123" (no colon), "eDo0" "x:4", "MDE6NA" "01:4" (not canonical), "MTox" "1:1" is fine: checked apart.
        let response = APIFixture().post(query: Self.page, variables: ["first": 2, "after": .string(cursor)])
        if cursor == "MTox" {
            #expect(response.text.contains(#""moments":[]"#))
        } else {
            #expect(response.text.contains(#""extensions":{"code":"BAD_USER_INPUT"}"#), "\(response.text)")
            #expect(response.text.contains(#""message":"Invalid cursor"#))
            #expect(response.text.hasSuffix(#""data":null}"#))
        }
    }

    @Test func cursorsRoundTrip() throws {
        for cursor in [TimelineCursor(createdDate: 0, momentID: ""), TimelineCursor(createdDate: -5, momentID: "a:b:c"),
                       TimelineCursor(createdDate: .max, momentID: "🎉 é"), TimelineCursor(createdDate: .min, momentID: "42")] {
            #expect(try PageCursor.decode(PageCursor.encode(cursor)) == cursor)
        }
    }

    @Test func likesFirstCutsTheLikersAndLikesCountCountsThemAll() {
        let response = APIFixture().post(query: """
            { getMomentsDetailsByUserID(userID: "0", first: 2) { moments { id likesCount likes(first: 1) { id } all: likes { id } } } }
            """)
        #expect(response.text == #"{"data":{"getMomentsDetailsByUserID":{"moments":[{"id":"0","likesCount":3,"likes":[{"id":"100"}],"all":[{"id":"100"},{"id":"101"},{"id":"102"}]},{"id":"1","likesCount":3,"likes":[{"id":"103"}],"all":[{"id":"103"},{"id":"104"},{"id":"105"}]}]}}}"#)
    }

    @Test func likesFirstOutOfRangeIsBadUserInput() {
        let response = APIFixture().post(query: #"{ getMomentsDetailsByUserID(userID: "0") { moments { likes(first: 101) { id } } } }"#)
        #expect(response.text == #"{"errors":[{"message":"`first` must be between 0 and 100 (got 101).","locations":[{"line":1,"column":54}],"path":["getMomentsDetailsByUserID","moments",0,"likes"],"extensions":{"code":"BAD_USER_INPUT"}}],"data":null}"#)
    }

    @Test func theLikeMutationAnswersThePageItIsAskedFor() {
        let fixture = APIFixture()
        let cursor = PageCursor.encode(TimelineCursor(createdDate: InMemoryDatabase.demoNow - 25 * 60, momentID: "1"))
        let response = fixture.post(query: """
            mutation($after: String) { updateMomentLike(momentID: "4", userID: "0", isLiked: true, first: 2, after: $after) {
              moments { id isLiked likesCount } pageInfo { hasNextPage } } }
            """, variables: ["after": .string(cursor)])
        #expect(response.text == #"{"data":{"updateMomentLike":{"moments":[{"id":"2","isLiked":true,"likesCount":2},{"id":"3","isLiked":true,"likesCount":2}],"pageInfo":{"hasNextPage":true}}}}"#)
        #expect(fixture.database.likedAt(momentID: "4", userID: "0") != nil)
    }

    @Test func aLikeWithABadPageWritesNothing() {
        let fixture = APIFixture()
        for arguments in [#"first: 101"#, #"after: "nope""#] {
            let response = fixture.post(query: #"mutation { updateMomentLike(momentID: "4", userID: "0", isLiked: true, \#(arguments)) { moments { id } } }"#)
            #expect(response.text.contains(#""code":"BAD_USER_INPUT""#))
        }
        #expect(fixture.database.callCounts.likeWrites == 0)
    }

    @Test func aSmallerMaximumIsTheDefaultPageAndTheBound() throws {
        let database = InMemoryDatabase.demo()
        let fixture = APIFixture(database: database, pageSize: PageSize(maximum: 2))
        let (ids, _, hasNext) = try page(fixture, first: nil, after: nil)
        #expect(ids == ["0", "1"] && hasNext)
        #expect(fixture.post(query: Self.page, variables: ["first": 3]).text.contains("`first` must be between 0 and 2 (got 3)."))
        #expect(fixture.post(query: #"{ getMomentsDetailsByUserID(userID: "0") { moments { likes { id } } } }"#).text
            == #"{"data":{"getMomentsDetailsByUserID":{"moments":[{"likes":[{"id":"100"},{"id":"101"}]},{"likes":[{"id":"103"},{"id":"104"}]}]}}}"#)
    }
}
