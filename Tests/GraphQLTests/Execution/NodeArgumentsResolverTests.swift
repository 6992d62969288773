import JSON
import Testing

@testable import GraphQL

/// A `resolveNodeWithArguments` field answers what the same resolver as a
/// general `resolve` answers: arguments coerced (literal, variable, default,
/// absent), errors located at the field, and a source that is not a node
/// still reaching it.
struct NodeArgumentsResolverTests {
    final class Box: Sendable {
        let items: [String]
        init(_ items: [String]) { self.items = items }
    }

    struct TooMany: Error {}

    static func schema(node: Bool) -> Schema {
        let first = InputValueDefinition(name: "first", type: .named("Int"))
        let separator = InputValueDefinition(name: "separator", type: .named("String"), defaultValue: .string(","))
        let body: @Sendable (AnyObject, JSONObject) throws -> Resolved = { source, arguments in
            guard let box = source as? Box else { return .null }
            let count: Int
            switch arguments["first"] {
            case .int(let value)?: count = value
            default: count = box.items.count
            }
            guard count <= box.items.count else { throw TooMany() }
            guard case .string(let separator)? = arguments["separator"] else { return .null }
            return .leaf(.string(box.items.prefix(count).joined(separator: separator)))
        }
        let items = node
            ? FieldDefinition(name: "items", arguments: [first, separator], type: .named("String"), resolveNodeWithArguments: body)
            : FieldDefinition(name: "items", arguments: [first, separator], type: .named("String")) { source, arguments, _ in
                try body(source as AnyObject, arguments)
            }
        let box = ObjectType(name: "Box", fields: [items])
        let query = ObjectType(name: "Query", fields: [
            FieldDefinition(name: "box", type: .named("Box")) { (_: Any) in .node(Box(["a", "b", "c"])) },
            FieldDefinition(name: "boxed", type: .named("Box")) { (_: Any) in .object(Box(["x", "y"])) },
        ])
        return Schema(query: query, types: [.object(box)])
    }

    @Test(arguments: [
        ("{ box { items } }", #"{"data":{"box":{"items":"a,b,c"}}}"#),
        ("{ box { items(first: 2, separator: \"-\") } }", #"{"data":{"box":{"items":"a-b"}}}"#),
        ("query($n: Int) { box { items(first: $n) } }", #"{"data":{"box":{"items":"a"}}}"#),
        ("{ boxed { items(first: 1) } }", #"{"data":{"boxed":{"items":"x"}}}"#),
        ("{ box { items(first: 4) } }",
         #"{"errors":[{"message":"Internal server error","locations":[{"line":1,"column":9}],"path":["box","items"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"box":{"items":null}}}"#),
    ])
    func answersAsTheGeneralResolverDoes(_ query: String, _ expected: String) {
        for node in [true, false] {
            let engine = GraphQLEngine(schema: Self.schema(node: node))
            let body = String(decoding: engine.execute(query: query, variables: ["n": 1]).body, as: UTF8.self)
            #expect(body == expected, "node: \(node)")
        }
    }

    @Test func settingAGeneralResolverReplacesIt() {
        var field = FieldDefinition(name: "f", arguments: [], type: .named("Int"), resolveNodeWithArguments: { _, _ in .leaf(.int(1)) })
        #expect(field.resolveNodeWithArguments != nil)
        field.resolve = { _, _, _ in .leaf(.int(2)) }
        #expect(field.resolveNodeWithArguments == nil)
    }
}
