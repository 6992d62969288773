import Testing

@testable import GraphQL

struct ParserTests {
    /// graphql-js parser-test "parses kitchen sink" (executable part, kitchen-sink.graphql).
    static let kitchenSink = """
        query queryName($foo: ComplexType, $site: Site = MOBILE) @onQuery {
          whoever123is: node(id: [123, 456]) {
            id ,
            ... on User @onInlineFragment {
              field2 {
                id ,
                alias: field1(first:10, after:$foo,) @include(if: $foo) {
                  id,
                  ...frag @onFragmentSpread
                }
              }
            }
            ... @skip(unless: $foo) {
              id
            }
            ... {
              id
            }
          }
        }

        mutation likeStory @onMutation {
          like(story: 123) @onField {
            story {
              id @onField
            }
          }
        }

        subscription StoryLikeSubscription($input: StoryLikeSubscribeInput @onVariableDefinition)
          @onSubscription {
          storyLikeSubscribe(input: $input) {
            story {
              likers {
                count
              }
              likeSentence {
                text
              }
            }
          }
        }

        fragment frag on Friend @onFragmentDefinition {
          foo(size: $size, bar: $b, obj: {key: "value", block: \"\"\"
              block string uses \\\"\"\"
          \"\"\"})
        }

        {
          unnamed(truthy: true, falsy: false, nullish: null),
          query
        }

        query { __typename }
        """

    @Test func parsesKitchenSink() throws {
        let document = try parse(Self.kitchenSink)
        #expect(document.definitions.count == 6)
        #expect(document.operations.map(\.operation) == [.query, .mutation, .subscription, .query, .query])
        #expect(document.operations.map(\.name?.value) == ["queryName", "likeStory", "StoryLikeSubscription", nil, nil])
        #expect(document.fragments.map(\.name.value) == ["frag"])

        let query = document.operations[0]
        #expect(query.variableDefinitions.map(\.variable.value) == ["foo", "site"])
        #expect(query.variableDefinitions[1].defaultValue?.printed == "MOBILE")
        #expect(query.variableDefinitions[0].loc == SourceLocation(line: 1, column: 17, offset: 16))
        #expect(query.directives.map(\.name.value) == ["onQuery"])
        guard case .field(let node) = query.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(node.alias?.value == "whoever123is")
        #expect(node.name.value == "node")
        #expect(node.responseKey == "whoever123is")
        #expect(node.arguments.map(\.value.printed) == ["[123, 456]"])
        #expect(node.loc == SourceLocation(line: 2, column: 3, offset: 70))
        let kinds = node.selectionSet?.selections.map { selection -> String in
            switch selection {
            case .field(let field): "field \(field.name.value)"
            case .fragmentSpread(let spread): "spread \(spread.name.value)"
            case .inlineFragment(let inline): "inline \(inline.typeCondition?.value ?? "-")"
            }
        }
        #expect(kinds == ["field id", "inline User", "inline -", "inline -"])

        let fragment = document.fragments[0]
        #expect(fragment.typeCondition.value == "Friend")
        guard case .field(let foo) = fragment.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        #expect(
            foo.arguments.map(\.value.printed) == [
                "$size", "$b", "{key: \"value\", block: \"\"\"\nblock string uses \\\"\"\"\n\"\"\"}",
            ])
    }

    /// graphql-js parser-test "allows non-keywords anywhere a Name is allowed".
    @Test(arguments: ["on", "fragment", "query", "mutation", "subscription", "true", "false"])
    func allowsNonKeywordsAsNames(_ keyword: String) throws {
        let fragmentName = keyword == "on" ? "a" : keyword
        let source = """
            query \(keyword) {
              ... \(fragmentName)
              ... on \(keyword) { field }
            }
            fragment \(fragmentName) on Type {
              \(keyword)(\(keyword): $\(keyword))
                @\(keyword)(\(keyword): \(keyword))
            }
            """
        let document = try parse(source)
        #expect(document.operations.first?.name?.value == keyword)
        #expect(document.fragments.first?.name.value == fragmentName)
    }

    /// graphql-js parser-test "parses multi-byte characters": columns count scalars.
    @Test func countsColumnsInUnicodeScalars() throws {
        let document = try parse("# This comment has a \u{0A0A} multi-byte character.\n{ field(arg: \"Has a \u{0A0A} multi-byte character.\") }")
        guard case .field(let field) = document.operations.first?.selectionSet.selections.first else {
            Issue.record("expected a field")
            return
        }
        guard case .string(let value, let block, let loc) = field.arguments.first?.value else {
            Issue.record("expected a string")
            return
        }
        #expect(value == "Has a \u{0A0A} multi-byte character.")
        #expect(!block)
        #expect(loc.line == 2 && loc.column == 14)
    }

    @Test func parsesAnonymousMutationAndSubscription() throws {
        #expect(try parse("mutation { mutationField }").operations.first?.operation == .mutation)
        #expect(try parse("subscription { subscriptionField }").operations.first?.operation == .subscription)
        #expect(try parse("subscription Foo { subscriptionField }").operations.first?.name?.value == "Foo")
    }

    @Test func parsesVariableDefinitionDirectivesAndTypes() throws {
        let document = try parse("query Foo($x: Boolean = false @bar, $y: [[Int!]]!) { field }")
        let definitions = document.operations.first?.variableDefinitions ?? []
        #expect(definitions.map(\.type.printed) == ["Boolean", "[[Int!]]!"])
        #expect(definitions.first?.directives.map(\.name.value) == ["bar"])
        #expect(definitions.first?.defaultValue?.printed == "false")
        #expect(definitions.last?.type.namedType.value == "Int")
        #expect(definitions.last?.variable.loc == SourceLocation(line: 1, column: 37, offset: 36))
    }

    @Test func keepsTypeSystemDefinitionsForValidation() throws {
        let document = try parse(
            """
            { a }
            "described" type Query implements A & B @d { f(a: Int = 1 @d): [String!] @deprecated }
            extend type Query { g: Int }
            schema @d { query: Query mutation: M }
            extend schema @d
            interface I implements J { f: Int }
            union U = | A | B
            enum E { A @d, "b" B }
            input In { a: Int = 1, b: [In!] }
            scalar Date @specifiedBy(url: "x")
            directive @d(a: Int) repeatable on FIELD | QUERY
            extend union U = C
            extend enum E @d
            extend input In { c: Int }
            extend scalar Date @d
            extend interface I @d
            """)
        let systems = document.definitions.compactMap { definition -> String? in
            guard case .typeSystem(let system) = definition else { return nil }
            return "\(system.isExtension ? "extend " : "")\(system.keyword) \(system.name?.value ?? "-")"
        }
        #expect(
            systems == [
                "type Query", "extend type Query", "schema -", "extend schema -", "interface I", "union U", "enum E",
                "input In", "scalar Date", "directive d", "extend union U", "extend enum E", "extend input In",
                "extend scalar Date", "extend interface I",
            ])
        #expect(document.definitions.dropFirst().first?.loc == SourceLocation(line: 2, column: 1, offset: 6))
        #expect(document.operations.count == 1)
    }

    @Test func printsValuesAsGraphQLJS() throws {
        // Expected strings from graphql-core 3.2.8 `print_ast(parse_value(...))`.
        let cases: [(String, String)] = [
            ("{ a : 1 , b:[ 1.5e3, \"x\\ny\" ] c: {} d: [] }", "{a: 1, b: [1.5e3, \"x\\ny\"], c: {}, d: []}"),
            ("\"\\u00e9\\u0001\\\"\\\\\"", "\"é\\u0001\\\"\\\\\""),
            ("ENUM", "ENUM"),
            ("null", "null"),
            ("$var", "$var"),
            ("\"\"\"  block \"\"\"", "\"\"\"  block \"\"\""),
        ]
        for (source, printed) in cases {
            #expect(try parseValue(source).printed == printed, "\(source)")
        }
    }
}
