import JSON
import Testing

@testable import GraphQL

/// The answer to a refused request stays under `RequestErrorBounds.maxBodyBytes`
/// (32 KiB), however much of the request its messages echo; errors of normal
/// size are unchanged (GraphQLEngineTests, RequestErrorTests).
struct RequestErrorBoundsTests {
    static let longName = String(repeating: "a", count: 90_000)

    static func messages(_ body: [UInt8]) throws -> [String] {
        guard case .object(let object) = try JSONParser.parse(body), case .array(let errors)? = object["errors"] else {
            Issue.record("not an error response")
            return []
        }
        return errors.compactMap { error in
            guard case .object(let fields) = error, case .string(let message)? = fields["message"] else { return nil }
            return message
        }
    }

    /// A 90 KB field name, echoed by "Cannot query field": the message is cut
    /// at 4 KiB and says so.
    @Test func cutsAnEchoedFieldName() throws {
        let response = ExecutionTestSchema.engine().execute(query: "{ \(Self.longName) }")
        let original = "Cannot query field \"\(Self.longName)\" on type \"Query\"."
        #expect(response.body.count < 5_000)
        #expect(
            try Self.messages(response.body)
                == [String(original.prefix(4_096)) + "… (message truncated: \(original.utf8.count) bytes)"])
    }

    /// A 90 KB variable value, echoed twice by its coercion error.
    @Test func cutsAnEchoedVariableValue() throws {
        let value = String(repeating: "z", count: 90_000)
        let response = ExecutionTestSchema.engine().execute(
            query: "query Q($i: Int) { echo(int: $i) }", variables: ["i": .string(value)])
        #expect(!response.hasData)
        #expect(response.body.count < 5_000)
        let message = try Self.messages(response.body).first ?? ""
        #expect(message.hasPrefix(#"Variable "$i" got invalid value "zzz"#))
        #expect(message.hasSuffix("… (message truncated: 180078 bytes)"))
    }

    /// A syntax error that names a 90 KB token.
    @Test func cutsAnEchoedToken() throws {
        let response = ExecutionTestSchema.engine().execute(query: "{ kinds } \(Self.longName)")
        let message = try Self.messages(response.body).first ?? ""
        #expect(response.body.count < 5_000)
        #expect(message.hasPrefix(#"Syntax Error: Unexpected Name "aaa"#))
        #expect(message.hasSuffix(" bytes)"))
    }

    /// 101 errors of about 1 KB each: those that fit in 32 KiB, then one
    /// error counting the rest, with the code of the first left out.
    @Test func leavesOutErrorsPastTheByteBound() throws {
        let document = "{ " + (0..<101).map { String(repeating: "f", count: 900) + "\($0) " }.joined() + "}"
        let response = ExecutionTestSchema.engine().execute(query: document)
        #expect(response.errors.count == 101)
        #expect(response.body.count <= RequestErrorBounds.maxBodyBytes)
        let messages = try Self.messages(response.body)
        let shown = messages.count - 1
        #expect(shown > 10 && shown < 101)
        #expect(messages.dropLast().allSatisfy { $0.hasPrefix("Cannot query field \"ffff") })
        #expect(
            messages.last
                == "\(101 - shown) more errors not shown: the error list of a refused request is limited to 32768 bytes.")
        #expect(String(decoding: response.body, as: UTF8.self).hasSuffix(#""extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#))
    }

    @Test func cutsAtACharacterBoundary() {
        let message = String(repeating: "é", count: 2_049)  // 4,098 bytes
        let bounded = RequestErrorBounds.bounded(GraphQLError(message, code: .badUserInput))
        #expect(bounded.message == String(repeating: "é", count: 2_048) + "… (message truncated: 4098 bytes)")
        let exact = String(repeating: "é", count: 2_048)  // 4,096 bytes: kept whole
        #expect(RequestErrorBounds.bounded(GraphQLError(exact, code: .badUserInput)).message == exact)
    }

    /// A fragment cycle's error has one location per spread on the cycle.
    @Test func keepsTheFirstHundredLocations() {
        let locations = (1...150).map { SourceLocation(line: $0, column: 1, offset: $0) }
        let bounded = RequestErrorBounds.bounded(GraphQLError("cycle", locations: locations, code: .validationFailed))
        #expect(bounded.locations == Array(locations.prefix(100)))
    }

    @Test func countsASingleErrorLeftOut() throws {
        let huge = GraphQLError(String(repeating: "\u{1}", count: 4_096), code: .badUserInput)  // 6 bytes each in JSON
        let body = errorResponseBody([huge, huge])
        #expect(body.count <= RequestErrorBounds.maxBodyBytes)
        #expect(
            try Self.messages(body).last
                == "1 more error not shown: the error list of a refused request is limited to 32768 bytes.")
    }
}
