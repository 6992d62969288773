import JSON
import Testing

@testable import GraphQL

/// The engine's own policies: error mapping, limits, the document cache.
/// These go beyond graphql-js; expected bodies follow its response layout.
struct GraphQLEngineTests {
    @Test func hidesUnknownResolverErrorsAsInternal() {
        let body = ExecutionTestSchema.run("{ domainFailure kinds }")
        #expect(body == #"{"errors":[{"message":"Internal server error","locations":[{"line":1,"column":3}],"path":["domainFailure"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"domainFailure":null,"kinds":["HUMAN","ROBOT"]}}"#)
    }

    @Test func errorMapperTranslatesDomainErrors() {
        let engine = ExecutionTestSchema.engine(errorMapper: { error, _ in
            error is ExecutionTestSchema.MissingThing ? GraphQLError("Thing not found", code: .notFound) : nil
        })
        let body = ExecutionTestSchema.run("{ mappedFailure domainFailure }", engine: engine)
        #expect(body == #"{"errors":[{"message":"Thing not found","locations":[{"line":1,"column":3}],"path":["mappedFailure"],"extensions":{"code":"NOT_FOUND"}},{"message":"Internal server error","locations":[{"line":1,"column":17}],"path":["domainFailure"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"mappedFailure":null,"domainFailure":null}}"#)
    }

    @Test func stopsExecutionPastTheFieldLimit() {
        // users (1) + 3 users x (id, name) = 7 executed fields.
        let query = "{ users { id name } }"
        let tight = ExecutionTestSchema.engine(limits: GraphQLLimits(maxExecutedFields: 6))
        #expect(ExecutionTestSchema.run(query, engine: tight) == #"{"errors":[{"message":"Execution stopped: the operation selects more than 6 fields.","extensions":{"code":"BAD_USER_INPUT"}}],"data":null}"#)
        let exact = ExecutionTestSchema.engine(limits: GraphQLLimits(maxExecutedFields: 7))
        #expect(ExecutionTestSchema.run(query, engine: exact) == #"{"data":{"users":[{"id":"1","name":"Alice"},{"id":"2","name":"Bob"},{"id":"3","name":"Carol"}]}}"#)
    }

    @Test func fieldLimitIsNotAbsorbedByNullableFields() {
        let engine = ExecutionTestSchema.engine(limits: GraphQLLimits(maxExecutedFields: 2))
        let body = ExecutionTestSchema.run(#"{ user(id: "1") { id name kind } }"#, engine: engine)
        #expect(body == #"{"errors":[{"message":"Execution stopped: the operation selects more than 2 fields.","extensions":{"code":"BAD_USER_INPUT"}}],"data":null}"#)
    }

    @Test func parseErrorsAreRequestErrors() {
        let response = ExecutionTestSchema.engine().execute(query: "{ kinds ")
        #expect(!response.hasData)
        #expect(response.errors.map(\.code) == [.parseFailed])
        #expect(String(decoding: response.body, as: UTF8.self).hasPrefix(#"{"errors":[{"message":"Syntax Error: "#))
    }

    /// Message: graphql-core 3.2.8 FieldsOnCorrectTypeRule on `ExecutionTestSchema.sdl`.
    @Test func validationErrorsAreRequestErrors() {
        let response = ExecutionTestSchema.engine().execute(query: "{ kinds nope }")
        #expect(!response.hasData)
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\".","locations":[{"line":1,"column":9}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#)
    }

    @Test func preparedDocumentsAreCachedAndFailuresAreNot() throws {
        let engine = ExecutionTestSchema.engine()
        _ = try engine.prepare("{ kinds }").get()
        _ = try engine.prepare("{ kinds }").get()
        #expect(engine.cache.count == 1)
        #expect(throws: GraphQLRequestError.self) { try engine.prepare("{ kinds").get() }
        #expect(engine.cache.count == 1)
    }

    @Test func cacheEvictsTheLeastRecentlyUsedDocument() throws {
        let cache = DocumentCache(capacity: 2)
        let document = PreparedDocument(document: try parse("{ kinds }"), schema: ExecutionTestSchema.schema, queryBytes: 9)
        cache.insert(document, for: "a")
        cache.insert(document, for: "b")
        _ = cache.document(for: "a")
        cache.insert(document, for: "c")
        #expect(cache.document(for: "a") != nil)
        #expect(cache.document(for: "b") == nil)
        #expect(cache.document(for: "c") != nil)
        #expect(cache.count == 2)
    }

    @Test func preparedDocumentSelectsOperations() throws {
        let document = try ExecutionTestSchema.engine().prepare("query A { kinds } mutation B { increment }").get()
        #expect(try document.operation(named: "B").operation == .mutation)
        #expect(throws: GraphQLError("Must provide operation name if query contains multiple operations.", code: .badUserInput)) {
            try document.operation(named: nil)
        }
    }

    @Test func errorResponseBodyListsErrorsOnly() {
        let errors = [
            GraphQLError("Bad \"thing\"\n", locations: [SourceLocation(line: 2, column: 3)], code: .validationFailed),
            GraphQLError("Other", path: [.key("a"), .index(0)], code: .badUserInput),
        ]
        #expect(String(decoding: errorResponseBody(errors), as: UTF8.self) == #"{"errors":[{"message":"Bad \"thing\"\n","locations":[{"line":2,"column":3}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}},{"message":"Other","path":["a",0],"extensions":{"code":"BAD_USER_INPUT"}}]}"#)
    }

    /// Collected fields are shared between requests per `@include` variable
    /// values; each combination must still give its own result.
    @Test func sharedPlansFollowConditionVariables() throws {
        let engine = ExecutionTestSchema.engine()
        let document = try engine.prepare(#"query ($with: Boolean!) { user(id: "2") { id name @include(if: $with) } }"#).get()
        let bodies = [true, false, true].map { flag in
            String(decoding: engine.execute(document, operationName: nil, variables: ["with": .bool(flag)], context: ()).body, as: UTF8.self)
        }
        #expect(bodies == [
            #"{"data":{"user":{"id":"2","name":"Bob"}}}"#,
            #"{"data":{"user":{"id":"2"}}}"#,
            #"{"data":{"user":{"id":"2","name":"Bob"}}}"#,
        ])
    }
}
