import JSON
import Testing

@testable import GraphQL
import TestSupport

struct SchemaPrinterTests {
    /// Expected: graphql-core 3.2.8 `print_schema(build_schema(IntrospectionFixture.sdl))`.
    @Test func printsLikeGraphQLCore() {
        #expect(printSchema(IntrospectionTestSchema.schema) == IntrospectionFixture.expectedPrintedSchema)
    }

    /// Expected: the schema of docs/api.md, which graphql-core prints unchanged from itself.
    @Test func printsTheContractSchema() {
        let unused: FieldResolver = { _, _, _ in .null }
        func field(_ name: String, _ type: TypeReference, _ arguments: [InputValueDefinition] = []) -> FieldDefinition {
            FieldDefinition(name: name, arguments: arguments, type: type, resolve: unused)
        }
        let userDetails = ObjectType(name: "UserDetails", fields: [
            field("id", .nonNull(.named("ID"))), field("name", .nonNull(.named("String"))),
            field("avatar", .nonNull(.named("String"))), field("backgroundImage", .nonNull(.named("String"))),
        ])
        let momentType = EnumType(name: "MomentType", values: [EnumValueDefinition(name: "URL"), EnumValueDefinition(name: "PHOTOS")])
        let moment = ObjectType(name: "Moment", fields: [
            field("id", .nonNull(.named("ID"))), field("userDetails", .nonNull(.named("UserDetails"))),
            field("type", .nonNull(.named("MomentType"))), field("title", .named("String")), field("url", .named("String")),
            field("photos", .nonNull(.list(.nonNull(.named("String"))))), field("createdDate", .nonNull(.named("String"))),
            field("isLiked", .nonNull(.named("Boolean"))),
            field("likes", .nonNull(.list(.nonNull(.named("UserDetails")))), [InputValueDefinition(name: "first", type: .named("Int"))]),
            field("likesCount", .nonNull(.named("Int"))),
        ])
        let details = ObjectType(name: "MomentsDetails", fields: [
            field("userDetails", .nonNull(.named("UserDetails"))), field("moments", .nonNull(.list(.nonNull(.named("Moment"))))),
            field("pageInfo", .nonNull(.named("PageInfo"))),
        ])
        let pageInfo = ObjectType(name: "PageInfo", fields: [
            field("endCursor", .named("String")), field("hasNextPage", .nonNull(.named("Boolean"))),
        ])
        let id = InputValueDefinition(name: "userID", type: .nonNull(.named("ID")))
        let page = [InputValueDefinition(name: "first", type: .named("Int")), InputValueDefinition(name: "after", type: .named("String"))]
        let toggle = ObjectType(name: "FeatureToggle", fields: [
            field("name", .nonNull(.named("String"))), field("enabled", .nonNull(.named("Boolean"))),
            field("variant", .named("ToggleVariant")),
        ])
        let variant = ObjectType(name: "ToggleVariant", fields: [
            field("name", .nonNull(.named("String"))), field("enabled", .nonNull(.named("Boolean"))), field("payload", .named("String")),
        ])
        let query = ObjectType(name: "Query", fields: [
            field("getMomentsDetailsByUserID", .nonNull(.named("MomentsDetails")), [id] + page),
            field("featureToggles", .nonNull(.list(.nonNull(.named("FeatureToggle")))), [InputValueDefinition(name: "userID", type: .named("ID"))]),
        ])
        let mutation = ObjectType(name: "Mutation", fields: [
            field("updateMomentLike", .nonNull(.named("MomentsDetails")), [
                InputValueDefinition(name: "momentID", type: .nonNull(.named("ID"))), id,
                InputValueDefinition(name: "isLiked", type: .nonNull(.named("Boolean"))),
            ] + page),
        ])
        let schema = Schema(
            query: query, mutation: mutation,
            types: [
                .object(userDetails), .enumeration(momentType), .object(moment), .object(details), .object(pageInfo), .object(toggle),
                .object(variant),
            ])
        #expect(printSchema(schema) == APISDL.withoutDescriptions)
    }

    @Test func printsSchemaDefinitionForUnconventionalRootNames() {
        let root = ObjectType(name: "Root", fields: [FieldDefinition(name: "a", type: .named("Int")) { _, _, _ in .null }])
        #expect(printSchema(Schema(query: root)) == "schema {\n  query: Root\n}\n\ntype Root {\n  a: Int\n}")
    }
}
