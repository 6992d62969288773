import GraphQL
import HTTP1
import JSON
import MomentsAPI
import MomentsFakes
import Testing

/// Batched operations (docs/http.md, "Batching"): a JSON array answered by
/// an array of results in the same order, each as if sent alone.
struct BatchTests {
    static let timeline = #"{"query":"query getMomentsDetailsByUserID($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) { userDetails { id } } }","variables":{"userID":"0"}}"#
    static let toggles = #"{"query":"{ featureToggles(userID: \"0\") { name } }"}"#

    /// The answer's elements as JSON values, or an issue.
    private func elements(_ response: HTTPResponse) -> [JSONValue] {
        guard case .array(let elements)? = try? JSONParser.parse(response.body) else {
            Issue.record("not a JSON array: \(response.text)")
            return []
        }
        return elements
    }

    private func code(_ element: JSONValue) -> String? {
        guard case .object(let object) = element, case .array(let errors)? = object["errors"], case .object(let error)? = errors.first,
            case .object(let extensions)? = error["extensions"], case .string(let code)? = extensions["code"]
        else { return nil }
        return code
    }

    @Test func eachOperationIsAnsweredAsIfAloneInTheSameOrder() {
        let fixture = APIFixture()
        let alone = [fixture.post(Self.timeline), fixture.post(Self.toggles)]
        let batch = fixture.post("[\(Self.timeline),\(Self.toggles)]")
        #expect(batch.status == .ok)
        #expect(batch.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(batch.text == "[\(alone[0].text),\(alone[1].text)]")
        #expect(batch.headers["Cache-Control"] == "private, no-store", "it holds toggles")
    }

    @Test func graphQLResponseJSONIsAnsweredInKind() {
        let fixture = APIFixture()
        let batch = fixture.post("[\(Self.timeline)]", accept: "application/graphql-response+json")
        #expect(batch.status == .ok)
        #expect(batch.headers["Content-Type"] == "application/graphql-response+json; charset=utf-8")
        #expect(elements(batch).count == 1)
    }

    @Test func anOperationsErrorsAreItsOwn() {
        let fixture = APIFixture()
        let batch = fixture.post(#"[{"query":"{ nope }"},\#(Self.timeline),{"query":1}]"#)
        let results = elements(batch)
        #expect(results.count == 3)
        #expect(code(results[0]) == "GRAPHQL_VALIDATION_FAILED")
        #expect(code(results[1]) == nil)
        #expect(code(results[2]) == "BAD_USER_INPUT", "'query' must be a string")
    }

    @Test func anArrayOfAnythingButObjectsIsNoBatch() {
        let fixture = APIFixture()
        for body in ["[1,2]", #"[\#(Self.timeline),"text"]"#, "[null]", "[[]]"] {
            let response = fixture.post(body)
            #expect(response.status == .badRequest, "\(body)")
            #expect(response.text.contains("Request body must be a JSON object, or an array of them (a batch)."), "\(response.text)")
        }
        #expect(fixture.database.callCounts.userReads == 0, "nothing ran")
    }

    @Test func anEmptyBatchIs400AndPastTheLimit413() {
        let fixture = APIFixture()
        #expect(fixture.post("[]").status == .badRequest)
        let eleven = Array(repeating: Self.timeline, count: GraphQLLimits().maxBatchOperations + 1).joined(separator: ",")
        let refused = fixture.post("[\(eleven)]")
        #expect(refused.status == .contentTooLarge)
        #expect(refused.text.contains("at most 10 operations"))
        #expect(fixture.database.callCounts.userReads == 0, "nothing ran")
        let ten = Array(repeating: Self.timeline, count: 10).joined(separator: ",")
        #expect(elements(fixture.post("[\(ten)]")).count == 10)
    }

    @Test func aSubscriptionInABatchIsRefusedAlone() {
        let fixture = APIFixture()
        let subscription = #"{"query":"subscription { momentLikesChanged(userID: \"0\") { id } }"}"#
        let results = elements(fixture.post("[\(subscription),\(Self.timeline)]", accept: "text/event-stream, application/json"))
        #expect(results.count == 2)
        #expect(code(results[0]) == "BAD_REQUEST")
        #expect(code(results[1]) == nil)
    }

    @Test func theBatchSharesOneResponseBudget() {
        var limits = GraphQLLimits()
        limits.maxResponseBytes = 1_024
        let fixture = APIFixture(limits: limits)
        let big = #"{"query":"{ getMomentsDetailsByUserID(userID: \"0\") { moments { id title photos } } }"}"#
        let alone = fixture.post(big)
        #expect(alone.body.count > 300 && alone.body.count < 1_024, "\(alone.body.count)")
        let results = elements(fixture.post("[\(big),\(big),\(big),\(big)]"))
        #expect(results.count == 4)
        let overflowing = results.filter { code($0) == "BAD_USER_INPUT" }.count
        #expect(overflowing >= 2, "at most 1 KiB of results in all: \(results.map { code($0) ?? "data" })")
        #expect(code(results[0]) == nil)
    }
}
