import JSON
import Testing

@testable import GraphQL

/// Bounds checked while executing, on the plan after fragment expansion.
struct ExecutionBoundsTests {
    /// Each definition nests two levels, within the parser's bound of 4; spread
    /// into each other they nest five, past the executor's bound of 4.
    static let fragmentChain = """
        { user(id: "1") { ...F1 } }
        fragment F1 on User { friends { ...F2 } }
        fragment F2 on User { friends { ...F3 } }
        fragment F3 on User { friends { id } }
        """

    @Test func depthIsCheckedAfterFragmentExpansion() {
        let tight = ExecutionTestSchema.engine(limits: GraphQLLimits(parse: ParseLimits(maxDepth: 4)))
        #expect(ExecutionTestSchema.run(Self.fragmentChain, engine: tight) == #"{"errors":[{"message":"Execution stopped: the operation nests fields deeper than 4 levels.","extensions":{"code":"BAD_USER_INPUT"}}],"data":null}"#)
        let roomy = ExecutionTestSchema.engine(limits: GraphQLLimits(parse: ParseLimits(maxDepth: 5)))
        let body = ExecutionTestSchema.run(Self.fragmentChain, engine: roomy)
        #expect(body.hasPrefix(#"{"data":{"user":{"friends":[{"friends":[{"friends":[{"id":"#))
    }

    @Test func aRequestPastItsDeadlineStops() throws {
        let engine = ExecutionTestSchema.engine(limits: GraphQLLimits(requestTimeout: .milliseconds(1500)))
        // 100 fields: the deadline is read every 64.
        let query = "{ " + (1...100).map { "k\($0): kinds" }.joined(separator: " ") + " }"
        let document = try engine.prepare(query).get()
        let late = engine.execute(
            document, operationName: nil, variables: nil, context: (), deadline: ContinuousClock.now - .seconds(1))
        #expect(String(decoding: late.body, as: UTF8.self) == #"{"errors":[{"message":"Execution stopped: the request took longer than 1.5 s.","extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#)
        let onTime = engine.execute(document, operationName: nil, variables: nil, context: ())
        #expect(onTime.errors.isEmpty)
        #expect(String(decoding: onTime.body, as: UTF8.self).hasSuffix(#""k100":["HUMAN","ROBOT"]}}"#))
    }

    @Test(arguments: [
        (Duration.seconds(10), "10 s"), (.milliseconds(1500), "1.5 s"), (.milliseconds(250), "250 ms"),
        (.milliseconds(2050), "2.05 s"),
    ])
    func timeoutsReadAsPeopleWriteThem(_ duration: Duration, _ text: String) {
        #expect(ExecutionBounds.describe(duration) == text)
    }
}
