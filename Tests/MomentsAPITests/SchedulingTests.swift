import HTTP1
import JSON
import MomentsAPI
import Testing

/// Where `/graphql` asks the server to run a request: the app's like ahead
/// of the reads waiting (`HandlerExecution.pooledAhead`), everything else
/// in line.
@Suite struct SchedulingTests {
    static func post(_ body: [UInt8]) -> HTTPRequest {
        HTTPRequest(method: .post, target: "/graphql", headers: ["Host": "test", "Content-Type": "application/json"], body: body)
    }

    static func post(query: String, variables: JSONObject) -> HTTPRequest {
        post(JSONValue.object(["query": .string(query), "variables": .object(variables)]).serialized)
    }

    @Test func theAppsLikeRunsAheadAndItsTimelineInLine() {
        let handler = APIFixture().handler
        let like = Self.post(query: AppDocuments.updateLike, variables: ["momentID": "0", "userID": "0", "isLiked": true])
        let timeline = Self.post(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": true])
        #expect(handler.execution(for: like) == .pooledAhead)
        #expect(handler.execution(for: timeline) == .pooled)
    }

    @Test func theWordIsFoundAnywhereInTheBodyAndOnlyWhole() {
        let handler = APIFixture().handler
        #expect(handler.execution(for: Self.post(Array("mutation".utf8))) == .pooledAhead)
        #expect(handler.execution(for: Self.post(Array(#"{"query":"{ a }","x":"mutation"#.utf8))) == .pooledAhead)
        #expect(handler.execution(for: Self.post(Array(#"{"query":"mutatio"}"#.utf8))) == .pooled)
        #expect(handler.execution(for: Self.post([])) == .pooled)
    }

    @Test func getsAndLargeBodiesWaitInLine() {
        let handler = APIFixture().handler
        // GET cannot carry a mutation (it is refused with 405); not worth a place ahead.
        let get = HTTPRequest(method: .get, target: "/graphql?query=mutation%7Ba%7D", headers: ["Host": "test"])
        #expect(handler.execution(for: get) == .pooled)
        // Past the bytes scanned on the I/O thread, nothing is looked at.
        let large = Array("mutation{a}".utf8) + [UInt8](repeating: UInt8(ascii: " "), count: 16 * 1024)
        #expect(handler.execution(for: Self.post(large)) == .pooled)
    }
}
