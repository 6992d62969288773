import JSON
import Testing

@testable import GraphQL

/// `@defer` decided by field collection and cut from the one execution:
/// every field of the answer appears once, in the initial payload or in one
/// deferred entry, so the parts cost the plain answer plus their framing,
/// however many times a document defers the same fields.
struct DeferTests {
    static let schema = Schema(
        query: ExecutionTestSchema.query, mutation: ExecutionTestSchema.mutation,
        types: [.object(ExecutionTestSchema.userType), .enumeration(ExecutionTestSchema.kind)],
        directives: [IncrementalDirectives.defer] + SpecifiedDirectives.all)

    static func engine(_ limits: GraphQLLimits = GraphQLLimits()) -> GraphQLEngine {
        GraphQLEngine(schema: schema, limits: limits)
    }

    static func run(
        _ query: String, variables: JSONObject? = nil, engine: GraphQLEngine = engine(), incremental: Bool = true
    ) throws -> ExecutionResponse {
        let document = try engine.prepare(query).get()
        return engine.execute(
            document, operationName: nil, variables: variables, context: ExecutionTestSchema.Context(), incremental: incremental)
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aDeferredFieldGoesToTheLaterPayloadOnce() throws {
        let response = try Self.run(#"{ user(id: "1") { id ... @defer(label: "more") { name kind } } }"#)
        let parts = try #require(response.incremental)
        #expect(Self.text(parts.initial) == #"{"data":{"user":{"id":"1"}},"hasNext":true}"#)
        #expect(Self.text(parts.subsequent)
            == #"{"incremental":[{"data":{"name":"Alice","kind":"HUMAN"},"path":["user"],"label":"more"}],"hasNext":false}"#)
        #expect(Self.text(response.body) == #"{"data":{"user":{"id":"1","name":"Alice","kind":"HUMAN"}}}"#)
    }

    @Test func aDeferredFirstMemberTakesNoCommaWithIt() throws {
        let response = try Self.run(#"{ user(id: "1") { ... @defer { id } name ... @defer { kind } } }"#)
        let parts = try #require(response.incremental)
        #expect(Self.text(parts.initial) == #"{"data":{"user":{"name":"Alice"}},"hasNext":true}"#)
        #expect(Self.text(parts.subsequent).contains(#"{"data":{"id":"1"},"path":["user"]}"#))
        #expect(Self.text(parts.subsequent).contains(#"{"data":{"kind":"HUMAN"},"path":["user"]}"#))
        let all = try Self.run(#"{ user(id: "1") { ... @defer { id name kind } } }"#)
        #expect(Self.text(try #require(all.incremental).initial) == #"{"data":{"user":{}},"hasNext":true}"#)
    }

    /// The same fragment spread 2,000 times is one deferred fragment; 2,000
    /// (or 500: the token limit) inline fragments deferring the same fields give them once.
    @Test func repeatedDeferralsCostThePlainAnswerPlusFraming() throws {
        let plain = try Self.run(#"{ users { id name friends { id name } } }"#, incremental: false)
        let spreads = String(repeating: "...F @defer ", count: 2_000)
        let named = try Self.run("{ users { id \(spreads) } } fragment F on User { name friends { id name } }")
        let inline = try Self.run("{ users { id \(String(repeating: "... @defer { name friends { id name } } ", count: 500)) } }")
        for response in [named, inline] {
            let parts = try #require(response.incremental)
            let framing = 3 * 64  // per user: `{"data":{`, `},"path":["users",N]}` and the separators
            #expect(parts.initial.count + parts.subsequent.count <= plain.body.count + framing + 64, "\(Self.text(parts.subsequent))")
            guard case .object(let later)? = try? JSONParser.parse(parts.subsequent), case .array(let entries)? = later["incremental"] else {
                Issue.record("not an incremental payload")
                continue
            }
            #expect(entries.count == 3, "one entry per user")
        }
    }

    /// A plain spread of a fragment also spread deferred makes its fields plain.
    @Test func aPlainUseOfTheSameFragmentWins() throws {
        let response = try Self.run(#"{ user(id: "1") { ...F @defer id ...F } } fragment F on User { name }"#)
        #expect(response.incremental == nil)
        #expect(Self.text(response.body) == #"{"data":{"user":{"name":"Alice","id":"1"}}}"#)
        let direct = try Self.run(#"{ user(id: "1") { ... @defer { name } name } }"#)
        #expect(direct.incremental == nil)
    }

    @Test func aDeferInsideADeferredFragmentComesWithIt() throws {
        let response = try Self.run(#"{ user(id: "1") { id ... @defer(label: "a") { bestFriend { id ... @defer(label: "b") { name } } } } }"#)
        let parts = try #require(response.incremental)
        let later = Self.text(parts.subsequent)
        #expect(later.hasPrefix(#"{"incremental":[{"data":{"bestFriend":"#) && later.hasSuffix(#"},"path":["user"],"label":"a"}],"hasNext":false}"#))
        #expect(!later.contains(#""label":"b""#), "\(later)")
        #expect(Self.text(parts.initial) == #"{"data":{"user":{"id":"1"}},"hasNext":true}"#)
    }

    @Test func deferralsFollowTheirVariablesAcrossCachedPlans() throws {
        let engine = Self.engine()
        let query = #"query q($d: Boolean!) { user(id: "1") { id ... @defer(if: $d) { name } } }"#
        for flag in [true, false, true] {
            let response = try Self.run(query, variables: ["d": .bool(flag)], engine: engine)
            #expect((response.incremental != nil) == flag, "if: \(flag)")
        }
    }

    /// A field error inside an object nulls it, and the deferred fields written inside go with it.
    @Test func aNulledObjectTakesItsDeferredFieldsAlong() throws {
        let response = try Self.run(#"{ user(id: "1") { id ... @defer { name } failingNonNull } other: user(id: "2") { ... @defer { name } } }"#)
        let parts = try #require(response.incremental)
        #expect(Self.text(parts.initial).contains(#""user":null"#), "\(Self.text(parts.initial))")
        #expect(Self.text(parts.initial).hasPrefix(#"{"errors":["#))
        #expect(Self.text(parts.subsequent) == #"{"incremental":[{"data":{"name":"Bob"},"path":["other"]}],"hasNext":false}"#)
    }

    @Test func withoutIncrementalDeliveryDeferIsIgnored() throws {
        let response = try Self.run(#"{ user(id: "1") { id ... @defer { name } } }"#, incremental: false)
        #expect(response.incremental == nil)
        #expect(Self.text(response.body) == #"{"data":{"user":{"id":"1","name":"Alice"}}}"#)
    }

    /// Past `maxResponseBytes` the answer is one error and `"data": null`, never a partial body.
    @Test func aResponseLargerThanTheBoundIsAnError() throws {
        let query = "{ users { " + (0..<40).map { "n\($0): name" }.joined(separator: " ") + " } }"
        var small = GraphQLLimits()
        small.maxResponseBytes = 256
        for incremental in [false, true] {
            let response = try Self.run(query, engine: Self.engine(small), incremental: incremental)
            #expect(Self.text(response.body)
                == #"{"errors":[{"message":"Execution stopped: the response is larger than 256 bytes.","extensions":{"code":"BAD_USER_INPUT"}}],"data":null}"#)
            #expect(response.incremental == nil)
        }
        var roomy = GraphQLLimits()
        roomy.maxResponseBytes = 4_096
        let fits = try Self.run(query, engine: Self.engine(roomy), incremental: false)
        #expect(fits.errors.isEmpty)
    }
}
