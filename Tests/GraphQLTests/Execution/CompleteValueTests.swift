import JSON
import Testing

@testable import GraphQL

/// The executor writes some leaf values without calling `serialize` (a string
/// for `String`/`ID`, an integer for `String`/`ID`, a Boolean, an enum value
/// name): each case checks it writes what the type's `serialize` returns, or
/// the field error it throws, for the value and type at hand.
struct LeafCompletionCase: Sendable, CustomTestStringConvertible {
    let type: String
    let value: JSONValue
    var testDescription: String { "\(value) as \(type)" }
}

struct CompleteValueTests {
    struct Source {}

    static let color = EnumType(name: "Color", values: [EnumValueDefinition(name: "RED")])

    static func engine(type: TypeReference, _ resolved: @escaping @Sendable () -> Resolved) -> GraphQLEngine {
        let query = ObjectType(name: "Query", fields: [
            FieldDefinition(name: "v", type: type, resolveSource: { _ in resolved() })
        ])
        return GraphQLEngine(schema: Schema(query: query, types: [.enumeration(color)]))
    }

    static let leafCases: [LeafCompletionCase] = ["String", "ID", "Boolean", "Int", "Color"].flatMap { type in
        [
            JSONValue.string("plain"), .string("q\"\\\u{1}é"), .string(""), .string("RED"),
            .int(0), .int(-42), .int(Int.max), .int(Int.min), .bool(true), .bool(false), .double(1.5),
        ].map { LeafCompletionCase(type: type, value: $0) }
    }

    @Test(arguments: leafCases)
    func leavesAreWrittenAsTheirTypeSerializesThem(_ testCase: LeafCompletionCase) throws {
        let schema = Self.engine(type: .named(testCase.type)) { .leaf(testCase.value) }
        let body = String(decoding: schema.execute(query: "{ v }").body, as: UTF8.self)
        let scalar = BuiltInScalars.all.first { $0.name == testCase.type }
        var expected: [UInt8] = []
        do throws(CoercionError) {
            let serialized: JSONValue
            if let scalar {
                serialized = try scalar.serialize(testCase.value)
            } else {
                serialized = try Self.color.serialize(testCase.value)
            }
            JSONWriter.write(serialized, into: &expected)
            #expect(body == #"{"data":{"v":"# + String(decoding: expected, as: UTF8.self) + "}}")
        } catch {
            var message: [UInt8] = []
            JSONWriter.writeString(error.message, into: &message)
            #expect(body.hasPrefix(#"{"errors":[{"message":"# + String(decoding: message, as: UTF8.self)))
            #expect(body.hasSuffix(#""data":{"v":null}}"#))
        }
    }

    @Test func nestedListsNullTheNearestNullableLevel() {
        // `[[String!]]!`: a null string nulls its inner list, not the outer one.
        let engine = Self.engine(type: .nonNull(.list(.list(.nonNull(.named("String")))))) {
            .list([.strings(["a"]), .null, .list([.leaf(.string("b")), .null])])
        }
        let body = String(decoding: engine.execute(query: "{ v }").body, as: UTF8.self)
        #expect(body == #"{"errors":[{"message":"Cannot return null for non-nullable field Query.v.","locations":[{"line":1,"column":3}],"path":["v",2,1],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"v":[["a"],null,null]}}"#)
    }

    @Test func listsNestedPastSixtyFourLevelsKeepTheirNullability() {
        // 70 nullable lists around `String`, with the items at level 67
        // non-null: a null there nulls level 66, its nearest nullable parent.
        var type = TypeReference.named("String")
        for level in (1...70).reversed() {
            type = .list(level == 67 ? .nonNull(type) : type)
        }
        let finalType = type
        let engine = Self.engine(type: finalType) {
            var value = Resolved.null
            for _ in 0..<67 { value = .list([value]) }
            return value
        }
        let body = String(decoding: engine.execute(query: "{ v }").body, as: UTF8.self)
        let data = String(repeating: "[", count: 66) + "null" + String(repeating: "]", count: 66)
        #expect(body.hasSuffix(#""data":{"v":"# + data + "}}"))
        #expect(body.contains(#""path":["v","# + Array(repeating: "0", count: 67).joined(separator: ",") + "]"))
    }
}
