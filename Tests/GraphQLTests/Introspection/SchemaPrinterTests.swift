import JSON
import Testing

@testable import GraphQL

struct SchemaPrinterTests {
    /// Expected: graphql-core 3.2.8 `print_schema(build_schema(IntrospectionFixture.sdl))`.
    @Test func printsLikeGraphQLCore() {
        #expect(printSchema(IntrospectionTestSchema.schema) == IntrospectionFixture.expectedPrintedSchema)
    }

    @Test func printsSchemaDefinitionForUnconventionalRootNames() {
        let root = ObjectType(name: "Root", fields: [FieldDefinition(name: "a", type: .named("Int")) { _, _, _ in .null }])
        #expect(printSchema(Schema(query: root)) == "schema {\n  query: Root\n}\n\ntype Root {\n  a: Int\n}")
    }
}
