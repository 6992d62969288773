import HTTP1
import JSON
import Moments
import MomentsFakes
import Testing
import MomentsAPI

/// The app's two documents through the handler, on in-memory repositories.
@Suite struct AppDocumentTests {
    @Test func timelineWithLikesIsExactlyTheDemoTimeline() {
        let fixture = APIFixture()
        let response = fixture.post(
            query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true],
            operationName: "getMomentsDetailsByUserID")
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.text == ExpectedResponses.timelineWithLikes)
        #expect(response.accessLogDetail == "getMomentsDetailsByUserID")
        #expect(fixture.database.callCounts.likeReads == 1)
    }

    @Test func timelineWithoutLikesReadsNoLikeData() {
        let fixture = APIFixture()
        let response = fixture.post(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": false])
        #expect(response.text == ExpectedResponses.timelineWithoutLikes)
        #expect(fixture.database.callCounts.likeReads == 0)
    }

    @Test func likesAreReadOnceForAWholePage() {
        let fixture = APIFixture()
        _ = fixture.post(query: "{ getMomentsDetailsByUserID(userID: \"0\") { moments { isLiked likes { id } again: likes { name } } } }")
        #expect(fixture.database.callCounts.likeReads == 1)
    }

    @Test func likeMutationWritesAndAnswersTheNewTimeline() {
        let fixture = APIFixture()
        let response = fixture.post(
            query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "0", "isLiked": true])
        #expect(response.status == .ok)
        #expect(fixture.database.callCounts.likeWrites == 1)
        #expect(fixture.database.likedAt(momentID: "0", userID: "0") != nil)
        #expect(response.text.contains(#"{"id":"0","userDetails":{"name":"Taylor Swift""#))
        #expect(response.text.contains(#""isLiked":true,"likes":[{"id":"100""#))
        #expect(response.text.contains(#"{"id":"102","avatar":"https://randomuser.me/api/portraits/women/70.jpg"},{"id":"0","avatar""#))
    }

    @Test func aliasedRootFieldsEachSeeTheirOwnViewer() {
        let fixture = APIFixture()
        let response = fixture.post(query: """
            { a: getMomentsDetailsByUserID(userID: "0") { moments { id isLiked } }
              b: getMomentsDetailsByUserID(userID: "104") { moments { id isLiked } } }
            """)
        #expect(response.text == #"{"data":{"a":{"moments":[{"id":"0","isLiked":false},{"id":"1","isLiked":false},{"id":"2","isLiked":true},{"id":"3","isLiked":true},{"id":"4","isLiked":false}]},"b":{"moments":[{"id":"4","isLiked":false}]}}}"#)
    }

    @Test func unknownUserIsNotFoundAndNullsData() {
        let response = APIFixture().post(query: AppDocuments.timeline, variables: ["userID": "nobody", "withLikes": true])
        #expect(response.status == .ok)
        #expect(response.text == #"{"errors":[{"message":"User 'nobody' not found.","locations":[{"line":2,"column":3}],"path":["getMomentsDetailsByUserID"],"extensions":{"code":"NOT_FOUND"}}],"data":null}"#)
    }

    @Test func invisibleMomentIsNotFound() {
        let fixture = APIFixture()
        let response = fixture.post(query: AppDocuments.updateLike, variables: ["momentID": "1", "userID": "100", "isLiked": true])
        #expect(response.text.contains(#""message":"Moment '1' not found.""#))
        #expect(response.text.contains(#""code":"NOT_FOUND""#))
        #expect(fixture.database.callCounts.likeWrites == 0)
    }

    @Test func storageFailureIsAnInternalErrorWithoutDetail() {
        let fixture = APIFixture()
        fixture.database.failEveryCall(with: DiskOnFire())
        let response = fixture.post(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true])
        #expect(response.text == #"{"errors":[{"message":"Internal server error.","locations":[{"line":2,"column":3}],"path":["getMomentsDetailsByUserID"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#)
    }
}

/// An infrastructure failure whose detail must not reach the client.
struct DiskOnFire: Error {}
