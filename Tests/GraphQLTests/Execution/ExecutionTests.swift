import JSON
import Testing

@testable import GraphQL

struct ExecutionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var query: String
    var variables: JSONObject? = nil
    var operationName: String? = nil
    /// The whole response body.
    var expected: String
    /// How often the counted resolvers ran: proves unselected fields are never resolved.
    var calls: [String: Int] = [:]

    var testDescription: String { name }
}

/// Whole-response execution tests over `ExecutionTestSchema`. Every expected
/// `data`, error `message`, `locations` and `path`, and the resolver call
/// counts, are graphql-core 3.2.8's output for the same SDL and resolvers
/// (`execute(...)`, errors first as graphql-js orders the response); the
/// `extensions.code` values are this engine's policy (docs/api.md, "Error codes"):
/// a `GraphQLError` thrown by a resolver keeps its code, the engine's own
/// field errors are `INTERNAL_SERVER_ERROR`.
struct ExecutionTests {
    static let cases: [ExecutionCase] = [
        ExecutionCase(
            name: "aliasesAndTypename",
            query: #"{ first: user(id: "1") { __typename id name } second: user(id: 2) { name kind } }"#,
            expected: #"{"data":{"first":{"__typename":"User","id":"1","name":"Alice"},"second":{"name":"Bob","kind":"ROBOT"}}}"#,
            calls: ["Query.user": 2, "User.name": 2]
        ),
        ExecutionCase(
            name: "nestedListsAndEnums",
            query: #"{ users { name friends { name } } kinds }"#,
            expected: #"{"data":{"users":[{"name":"Alice","friends":[{"name":"Bob"},{"name":"Carol"}]},{"name":"Bob","friends":[{"name":"Alice"}]},{"name":"Carol","friends":[]}],"kinds":["HUMAN","ROBOT"]}}"#,
            calls: ["User.name": 6, "User.friends": 3]
        ),
        ExecutionCase(
            name: "namedAndInlineFragments",
            query: #"query Q { user(id: "1") { ...F ... on User { kind } ... { id } } } fragment F on User { name bestFriend { name } }"#,
            expected: #"{"data":{"user":{"name":"Alice","bestFriend":{"name":"Bob"},"kind":"HUMAN","id":"1"}}}"#,
            calls: ["Query.user": 1, "User.name": 2]
        ),
        ExecutionCase(
            name: "fieldsMergeInSelectionOrder",
            query: #"{ user(id: "1") { name ...F id } } fragment F on User { id name kind }"#,
            expected: #"{"data":{"user":{"name":"Alice","id":"1","kind":"HUMAN"}}}"#,
            calls: ["Query.user": 1, "User.name": 1]
        ),
        ExecutionCase(
            name: "skipAndIncludeLiterals",
            query: #"{ user(id: "1") { a: name @skip(if: true) b: name @skip(if: false) c: name @include(if: false) d: name @include(if: true) e: name @include(if: true) @skip(if: true) } }"#,
            expected: #"{"data":{"user":{"b":"Alice","d":"Alice"}}}"#,
            calls: ["Query.user": 1, "User.name": 2]
        ),
        ExecutionCase(
            name: "skipAndIncludeVariables",
            query: #"query ($yes: Boolean!, $no: Boolean = false) { user(id: "1") { id name @include(if: $yes) kind @include(if: $no) ...F @skip(if: $yes) ... on User @include(if: $yes) { bestFriend { name } } } } fragment F on User { nickname }"#,
            variables: ["yes": true],
            expected: #"{"data":{"user":{"id":"1","name":"Alice","bestFriend":{"name":"Bob"}}}}"#,
            calls: ["Query.user": 1, "User.name": 2]
        ),
        ExecutionCase(
            name: "nullableFieldErrorBecomesNull",
            query: #"{ user(id: "1") { name failing nickname } }"#,
            expected: #"{"errors":[{"message":"failing for Alice","locations":[{"line":1,"column":24}],"path":["user","failing"],"extensions":{"code":"NOT_FOUND"}}],"data":{"user":{"name":"Alice","failing":null,"nickname":null}}}"#,
            calls: ["Query.user": 1, "User.name": 1]
        ),
        ExecutionCase(
            name: "nonNullFieldErrorNullsParent",
            query: #"{ user(id: "1") { name failingNonNull } users { id } }"#,
            expected: #"{"errors":[{"message":"failingNonNull for Alice","locations":[{"line":1,"column":24}],"path":["user","failingNonNull"],"extensions":{"code":"NOT_FOUND"}}],"data":{"user":null,"users":[{"id":"1"},{"id":"2"},{"id":"3"}]}}"#,
            calls: ["Query.user": 1, "User.name": 1]
        ),
        ExecutionCase(
            name: "nullForNonNullFieldNullsParent",
            query: #"{ user(id: "1") { name bestFriend { nullNonNull } } }"#,
            expected: #"{"errors":[{"message":"Cannot return null for non-nullable field User.nullNonNull.","locations":[{"line":1,"column":37}],"path":["user","bestFriend","nullNonNull"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"user":{"name":"Alice","bestFriend":null}}}"#,
            calls: ["Query.user": 1, "User.name": 1]
        ),
        ExecutionCase(
            name: "nonNullRootFieldNullsData",
            query: #"{ kinds requiredUser(id: "9") { name } }"#,
            expected: #"{"errors":[{"message":"Cannot return null for non-nullable field Query.requiredUser.","locations":[{"line":1,"column":9}],"path":["requiredUser"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#
        ),
        ExecutionCase(
            name: "errorInNonNullListItemNullsList",
            query: #"{ users { name items } }"#,
            expected: #"{"errors":[{"message":"Cannot return null for non-nullable field User.items.","locations":[{"line":1,"column":16}],"path":["users",1,"items",1],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"users":[{"name":"Alice","items":["a","b"]},{"name":"Bob","items":null},{"name":"Carol","items":[]}]}}"#,
            calls: ["User.name": 3]
        ),
        ExecutionCase(
            name: "nullableListItemsKeepNull",
            query: #"{ user(id: "2") { looseItems } }"#,
            expected: #"{"data":{"user":{"looseItems":["c",null]}}}"#,
            calls: ["Query.user": 1]
        ),
        ExecutionCase(
            name: "errorInsideNonNullListPropagatesToNullableAncestor",
            query: #"{ user(id: "1") { friends { name failingNonNull } } }"#,
            expected: #"{"errors":[{"message":"failingNonNull for Bob","locations":[{"line":1,"column":34}],"path":["user","friends",0,"failingNonNull"],"extensions":{"code":"NOT_FOUND"}}],"data":{"user":null}}"#,
            calls: ["Query.user": 1, "User.friends": 1, "User.name": 1]
        ),
        ExecutionCase(
            name: "errorsInDocumentOrder",
            query: #"{ users { failing } user(id: "2") { failing } }"#,
            expected: #"{"errors":[{"message":"failing for Alice","locations":[{"line":1,"column":11}],"path":["users",0,"failing"],"extensions":{"code":"NOT_FOUND"}},{"message":"failing for Bob","locations":[{"line":1,"column":11}],"path":["users",1,"failing"],"extensions":{"code":"NOT_FOUND"}},{"message":"failing for Carol","locations":[{"line":1,"column":11}],"path":["users",2,"failing"],"extensions":{"code":"NOT_FOUND"}},{"message":"failing for Bob","locations":[{"line":1,"column":37}],"path":["user","failing"],"extensions":{"code":"NOT_FOUND"}}],"data":{"users":[{"failing":null},{"failing":null},{"failing":null}],"user":{"failing":null}}}"#,
            calls: ["Query.user": 1]
        ),
        ExecutionCase(
            name: "serializationErrorIsFieldError",
            query: #"{ badInt kinds }"#,
            expected: #"{"errors":[{"message":"Int cannot represent non-integer value: 1.5","locations":[{"line":1,"column":3}],"path":["badInt"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"badInt":null,"kinds":["HUMAN","ROBOT"]}}"#
        ),
        ExecutionCase(
            name: "mutationRootFieldsRunSerially",
            query: #"mutation { a: increment b: increment(by: 10) c: increment(by: -2) }"#,
            expected: #"{"data":{"a":1,"b":11,"c":9}}"#
        ),
        ExecutionCase(
            name: "argumentLiteralsAndDefaults",
            query: #"{ echo(int: -7, float: 2, string: "s\u00e9\n", boolean: false, id: 42, kind: ROBOT, ids: "5") }"#,
            expected: #"{"data":{"echo":"{\"int\":-7,\"float\":2,\"string\":\"sé\\n\",\"boolean\":false,\"id\":\"42\",\"kind\":\"ROBOT\",\"ids\":[\"5\"],\"greeting\":\"hello\"}"}}"#
        ),
        ExecutionCase(
            name: "argumentVariablesAndDefaults",
            query: #"query ($i: Int, $f: Float, $id: ID, $ids: [ID!], $g: String = "hi", $k: Kind) { echo(int: $i, float: $f, id: $id, ids: $ids, greeting: $g, kind: $k) }"#,
            variables: ["i": 1.0, "f": 3, "id": 7, "ids": 8, "k": "HUMAN"],
            expected: #"{"data":{"echo":"{\"int\":1,\"float\":3,\"id\":\"7\",\"kind\":\"HUMAN\",\"ids\":[\"8\"],\"greeting\":\"hi\"}"}}"#
        ),
        ExecutionCase(
            name: "explicitNullVariableOverridesDefault",
            query: #"query ($g: String = "hi", $s: String) { echo(greeting: $g, string: $s) }"#,
            variables: ["g": nil],
            expected: #"{"data":{"echo":"{\"greeting\":null}"}}"#
        ),
        ExecutionCase(
            name: "operationByName",
            query: #"query A { kinds } query B { users { id } }"#,
            operationName: "B",
            expected: #"{"data":{"users":[{"id":"1"},{"id":"2"},{"id":"3"}]}}"#
        ),
    ]

    @Test(arguments: cases)
    func executesLikeGraphQLCore(_ testCase: ExecutionCase) {
        let context = ExecutionTestSchema.Context()
        let body = ExecutionTestSchema.run(
            testCase.query, variables: testCase.variables, operationName: testCase.operationName, context: context)
        #expect(body == testCase.expected)
        #expect(context.calls.withLock { $0 } == testCase.calls)
    }
}
