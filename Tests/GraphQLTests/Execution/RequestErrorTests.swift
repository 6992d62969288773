import JSON
import Testing

@testable import GraphQL

struct RequestErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var query: String
    var variables: JSONObject? = nil
    var operationName: String? = nil
    var expected: String

    var testDescription: String { name }
}

/// Variable coercion (spec §6.4.1) and operation selection (spec §6.1) errors:
/// request errors, so the body has no `data` entry. Messages and locations
/// are graphql-core 3.2.8's (`execute(...)` on `ExecutionTestSchema.sdl`),
/// with values quoted as graphql-js `inspect` quotes them (`"yes"`, `true`,
/// `null`, `{ a: 1 }`) where graphql-core uses Python's `repr`.
struct RequestErrorTests {
    static let variablesQuery =
        "query Q($userID: ID!, $withLikes: Boolean!, $ids: [ID!], $k: Kind, $i: Int) { echo(id: $userID, boolean: $withLikes, ids: $ids, kind: $k, int: $i) }"

    static let cases: [RequestErrorCase] = [
        RequestErrorCase(
            name: "requiredVariablesNotProvided", query: variablesQuery, variables: [:],
            expected: #"{"errors":[{"message":"Variable \"$userID\" of required type \"ID!\" was not provided.","locations":[{"line":1,"column":9}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$withLikes\" of required type \"Boolean!\" was not provided.","locations":[{"line":1,"column":23}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "missingVariablesObjectIsLikeEmpty", query: variablesQuery, variables: nil,
            expected: #"{"errors":[{"message":"Variable \"$userID\" of required type \"ID!\" was not provided.","locations":[{"line":1,"column":9}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$withLikes\" of required type \"Boolean!\" was not provided.","locations":[{"line":1,"column":23}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "nullForNonNullAndNonBoolean", query: variablesQuery, variables: ["userID": nil, "withLikes": "yes"],
            expected: #"{"errors":[{"message":"Variable \"$userID\" of non-null type \"ID!\" must not be null.","locations":[{"line":1,"column":9}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$withLikes\" got invalid value \"yes\"; Boolean cannot represent a non boolean value: \"yes\"","locations":[{"line":1,"column":23}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "listItemsEnumsAndIntRange", query: variablesQuery,
            variables: ["userID": true, "withLikes": true, "ids": [1, nil, "x", 2.5], "k": "ALIEN", "i": 2_147_483_648],
            expected: #"{"errors":[{"message":"Variable \"$userID\" got invalid value true; ID cannot represent value: true","locations":[{"line":1,"column":9}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$ids\" got invalid value null at \"ids[1]\"; Expected non-nullable type \"ID!\" not to be null.","locations":[{"line":1,"column":45}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$ids\" got invalid value 2.5 at \"ids[3]\"; ID cannot represent value: 2.5","locations":[{"line":1,"column":45}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$k\" got invalid value \"ALIEN\"; Value \"ALIEN\" does not exist in \"Kind\" enum.","locations":[{"line":1,"column":58}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$i\" got invalid value 2147483648; Int cannot represent non 32-bit signed integer value: 2147483648","locations":[{"line":1,"column":68}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "strictBooleanEnumAndInt", query: variablesQuery,
            variables: ["userID": "1", "withLikes": 1, "k": 3, "i": "4"],
            expected: #"{"errors":[{"message":"Variable \"$withLikes\" got invalid value 1; Boolean cannot represent a non boolean value: 1","locations":[{"line":1,"column":23}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$k\" got invalid value 3; Enum \"Kind\" cannot represent non-string value: 3.","locations":[{"line":1,"column":58}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$i\" got invalid value \"4\"; Int cannot represent non-integer value: \"4\"","locations":[{"line":1,"column":68}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "objectsAndListsInspected", query: variablesQuery,
            variables: ["userID": ["a": 1], "withLikes": [true], "i": 1.5],
            expected: #"{"errors":[{"message":"Variable \"$userID\" got invalid value { a: 1 }; ID cannot represent value: { a: 1 }","locations":[{"line":1,"column":9}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$withLikes\" got invalid value [true]; Boolean cannot represent a non boolean value: [true]","locations":[{"line":1,"column":23}],"extensions":{"code":"BAD_USER_INPUT"}},{"message":"Variable \"$i\" got invalid value 1.5; Int cannot represent non-integer value: 1.5","locations":[{"line":1,"column":68}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "operationNameRequiredWithSeveralOperations", query: "query A { kinds } query B { kinds }",
            expected: #"{"errors":[{"message":"Must provide operation name if query contains multiple operations.","extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "unknownOperationName", query: "query A { kinds } query B { kinds }", operationName: "C",
            expected: #"{"errors":[{"message":"Unknown operation named \"C\".","extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
        RequestErrorCase(
            name: "unknownOperationNameForSingleOperation", query: "{ kinds }", operationName: "C",
            expected: #"{"errors":[{"message":"Unknown operation named \"C\".","extensions":{"code":"BAD_USER_INPUT"}}]}"#
        ),
    ]

    @Test(arguments: cases)
    func reportsRequestErrorsWithoutData(_ testCase: RequestErrorCase) {
        let response = ExecutionTestSchema.engine().execute(
            query: testCase.query, operationName: testCase.operationName, variables: testCase.variables,
            context: ExecutionTestSchema.Context())
        #expect(String(decoding: response.body, as: UTF8.self) == testCase.expected)
        #expect(!response.hasData)
    }
}
