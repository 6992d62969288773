import JSON
import Testing

@testable import GraphQL

/// `Resolved.strings` and `Resolved.nodes` are documented as the same as
/// `.list` of `.leaf(.string)` / `.node` items: each case runs one query against a
/// schema that resolves the compact form and one that resolves the `.list`
/// form, and expects the same bytes, which are also spelled out (derived
/// from the spec's CompleteValue, as graphql-core completes the `.list` form).
struct ResolvedListCase: Sendable, CustomTestStringConvertible {
    let name: String
    let query: String
    let expected: String
    var testDescription: String { name }
}

struct ResolvedListTests {
    final class Thing: Sendable {
        let label: String
        init(_ label: String) { self.label = label }
    }

    struct Failure: Error {}

    static let texts = ["a", "b\"c", ""]
    static let things = [Thing("one"), Thing("fail"), Thing("three")]

    static func schema(compact: Bool) -> Schema {
        let thing = ObjectType(name: "Thing", fields: [
            FieldDefinition(name: "label", type: .nonNull(.named("String"))) { (source: AnyObject) in
                guard let thing = source as? Thing else { throw Failure() }
                return .leaf(.string(thing.label))
            },
            FieldDefinition(name: "strict", type: .nonNull(.named("String"))) { (source: AnyObject) in
                guard let thing = source as? Thing, thing.label != "fail" else { throw Failure() }
                return .leaf(.string(thing.label))
            },
        ])
        let textsResult: @Sendable (Any) -> Resolved = { _ in
            compact ? .strings(texts) : .list(texts.map { .leaf(.string($0)) })
        }
        let nodesResult: @Sendable (Any) -> Resolved = { _ in
            compact ? .nodes(things) : .list(things.map { .node($0) })
        }
        let query = ObjectType(name: "Query", fields: [
            FieldDefinition(name: "texts", type: .nonNull(.list(.nonNull(.named("String")))), resolveSource: textsResult),
            FieldDefinition(name: "looseTexts", type: .list(.named("String")), resolveSource: textsResult),
            FieldDefinition(name: "kinds", type: .list(.nonNull(.named("Kind"))), resolveSource: textsResult),
            FieldDefinition(name: "things", type: .nonNull(.list(.nonNull(.named("Thing")))), resolveSource: nodesResult),
            FieldDefinition(name: "looseThings", type: .list(.named("Thing")), resolveSource: nodesResult),
            FieldDefinition(name: "oneText", type: .named("String"), resolveSource: textsResult),
        ])
        let kind = EnumType(name: "Kind", values: [EnumValueDefinition(name: "a")])
        return Schema(query: query, types: [.object(thing), .enumeration(kind)])
    }

    static let cases: [ResolvedListCase] = [
        ResolvedListCase(
            name: "strings, escaped", query: "{ texts looseTexts }",
            expected: #"{"data":{"texts":["a","b\"c",""],"looseTexts":["a","b\"c",""]}}"#),
        ResolvedListCase(
            name: "objects", query: "{ things { label } }",
            expected: #"{"data":{"things":[{"label":"one"},{"label":"fail"},{"label":"three"}]}}"#),
        ResolvedListCase(
            name: "an item's error nulls the nullable list item",
            query: "{ looseThings { strict } }",
            expected: #"{"errors":[{"message":"Internal server error","locations":[{"line":1,"column":17}],"path":["looseThings",1,"strict"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"looseThings":[{"strict":"one"},null,{"strict":"three"}]}}"#),
        ResolvedListCase(
            name: "an item's error nulls the whole non-null list, then the data",
            query: "{ things { strict } }",
            expected: #"{"errors":[{"message":"Internal server error","locations":[{"line":1,"column":12}],"path":["things",1,"strict"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":null}"#),
        ResolvedListCase(
            name: "strings that are not enum values",
            query: "{ kinds }",
            expected: #"{"errors":[{"message":"Enum \"Kind\" cannot represent value: \"b\\\"c\"","locations":[{"line":1,"column":3}],"path":["kinds",1],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"kinds":null}}"#),
        ResolvedListCase(
            name: "a list for a single value",
            query: "{ oneText }",
            expected: #"{"errors":[{"message":"Expected a single value for field \"Query.oneText\", but the resolver returned a list.","locations":[{"line":1,"column":3}],"path":["oneText"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"oneText":null}}"#),
    ]

    @Test(arguments: cases)
    func compactListsWriteWhatListsWrite(_ testCase: ResolvedListCase) {
        let compact = GraphQLEngine(schema: Self.schema(compact: true)).execute(query: testCase.query)
        let wrapped = GraphQLEngine(schema: Self.schema(compact: false)).execute(query: testCase.query)
        #expect(String(decoding: wrapped.body, as: UTF8.self) == testCase.expected)
        #expect(String(decoding: compact.body, as: UTF8.self) == testCase.expected)
    }
}
