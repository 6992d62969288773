import JSON
import Testing

@testable import GraphQL
import TestSupport

struct IntrospectionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var query: String
    var expected: String
    var testDescription: String { name }
}

struct IntrospectionTests {
    static func run(_ query: String) -> String {
        let engine = GraphQLEngine(schema: IntrospectionTestSchema.schema)
        return String(decoding: engine.execute(query: query).body, as: UTF8.self)
    }

    /// graphql-js's standard introspection query gives, byte for byte, what
    /// graphql-core 3.2.8 gives for the same SDL (IntrospectionFixture).
    @Test func standardIntrospectionQueryMatchesGraphQLCore() {
        let body = Self.run(IntrospectionQuery.standard)
        #expect(body == #"{"data":"# + IntrospectionFixture.expectedData + "}")
    }

    /// Expected data: graphql-core 3.2.8 `graphql_sync` on `IntrospectionFixture.sdl`.
    static let cases: [IntrospectionCase] = [
        IntrospectionCase(
            name: "typeByNameWithWrappers",
            query: #"{ __type(name: "Query") { kind name fields { name type { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }"#,
            expected: #"{"data":{"__type":{"kind":"OBJECT","name":"Query","fields":[{"name":"user","type":{"kind":"OBJECT","name":"UserDetails","ofType":null}},{"name":"moments","type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"ENUM","name":"MomentType"}}}}}]}}}"#
        ),
        IntrospectionCase(
            name: "unknownTypeIsNull",
            query: #"{ __type(name: "Nope") { name } __typename }"#,
            expected: #"{"data":{"__type":null,"__typename":"Query"}}"#
        ),
        IntrospectionCase(
            name: "deprecatedMembersHiddenByDefault",
            query: #"{ __type(name: "UserDetails") { fields { name } } m: __type(name: "MomentType") { enumValues { name } all: enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } } }"#,
            expected: #"{"data":{"__type":{"fields":[{"name":"id"},{"name":"name"},{"name":"avatar"},{"name":"createdAt"}]},"m":{"enumValues":[{"name":"URL"},{"name":"PHOTOS"}],"all":[{"name":"URL","isDeprecated":false,"deprecationReason":null},{"name":"PHOTOS","isDeprecated":false,"deprecationReason":null},{"name":"VIDEO","isDeprecated":true,"deprecationReason":"Not yet"}]}}}"#
        ),
        IntrospectionCase(
            name: "scalarSpecifiedByURLAndDirectiveDetails",
            query: #"{ __type(name: "Timestamp") { kind specifiedByURL fields { name } interfaces { name } } __schema { subscriptionType { name } directives { name isRepeatable locations args { name defaultValue } } } }"#,
            expected: #"{"data":{"__type":{"kind":"SCALAR","specifiedByURL":"https://example.com/timestamp","fields":null,"interfaces":null},"__schema":{"subscriptionType":null,"directives":[{"name":"include","isRepeatable":false,"locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","defaultValue":null}]},{"name":"skip","isRepeatable":false,"locations":["FIELD","FRAGMENT_SPREAD","INLINE_FRAGMENT"],"args":[{"name":"if","defaultValue":null}]},{"name":"deprecated","isRepeatable":false,"locations":["FIELD_DEFINITION","ARGUMENT_DEFINITION","INPUT_FIELD_DEFINITION","ENUM_VALUE"],"args":[{"name":"reason","defaultValue":"\"No longer supported\""}]},{"name":"specifiedBy","isRepeatable":false,"locations":["SCALAR"],"args":[{"name":"url","defaultValue":null}]}]}}}"#
        ),
    ]

    @Test(arguments: cases)
    func answersIntrospectionLikeGraphQLCore(_ testCase: IntrospectionCase) {
        #expect(Self.run(testCase.query) == testCase.expected)
    }
}
