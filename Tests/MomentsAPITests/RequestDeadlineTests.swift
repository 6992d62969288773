import Dispatch
import HTTP1
import JSON
import MomentsAPI
import MomentsFakes
import Testing

/// A request's deadline counts from its arrival (`HTTPRequest.arrival`):
/// time spent queued for a handler is its own, and one whose deadline
/// passed while queued is answered at once without running.
struct RequestDeadlineTests {
    private func request(arrivedAgo age: Duration) -> HTTPRequest {
        let body = #"{"query":"mutation { updateMomentLike(momentID: \"4\", userID: \"0\", isLiked: true) { userDetails { id } } }"}"#
        var request = HTTPRequest(
            method: .post, target: "/graphql", headers: ["Host": "test", "Content-Type": "application/json"], body: Array(body.utf8))
        request.arrivedAt = DispatchTime.now().uptimeNanoseconds - UInt64(age.components.seconds) * 1_000_000_000
        return request
    }

    @Test func aRequestWhoseDeadlinePassedWhileQueuedIsAnsweredWithoutRunning() throws {
        let fixture = APIFixture()
        // The default request timeout is 10 s.
        let response = fixture.handler.handle(request(arrivedAgo: .seconds(11)))
        #expect(response.status == .serviceUnavailable)
        #expect(response.headers["Retry-After"] == "1")
        guard case .object(let body) = try JSONParser.parse(response.body), case .array(let errors)? = body["errors"],
            case .object(let error)? = errors.first, case .object(let extensions)? = error["extensions"]
        else {
            Issue.record("not a GraphQL error: \(response.text)")
            return
        }
        #expect(extensions["code"] == .string("SERVER_BUSY"))
        #expect(body["data"] == nil, "a request error: nothing ran")
        let counts = fixture.database.callCounts
        #expect(counts.userReads + counts.momentReads + counts.visibilityChecks + counts.likeReads + counts.likeWrites == 0, "\(counts)")
    }

    @Test func aRequestWithTimeLeftRuns() throws {
        let fixture = APIFixture()
        let response = fixture.handler.handle(request(arrivedAgo: .seconds(9)))
        #expect(response.status == .ok)
        #expect(fixture.database.callCounts.likeWrites == 1, "\(response.text)")
    }
}
