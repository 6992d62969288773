import JSON

@testable import GraphQL

/// `IntrospectionFixture.sdl` as schema values; resolvers are never called.
enum IntrospectionTestSchema {
    static let unused: FieldResolver = { _, _, _ in .null }

    static let momentType = EnumType(
        name: "MomentType", description: "How a moment is shown.\nTwo kinds.",
        values: [
            EnumValueDefinition(name: "URL"),
            EnumValueDefinition(name: "PHOTOS", description: "A photo moment."),
            EnumValueDefinition(name: "VIDEO", deprecationReason: "Not yet"),
        ])

    static let timestamp = ScalarType(name: "Timestamp", specifiedByURL: "https://example.com/timestamp")

    static let userDetails = ObjectType(
        name: "UserDetails", description: "A user of the app.",
        fields: [
            FieldDefinition(name: "id", type: .nonNull(.named("ID")), resolve: unused),
            FieldDefinition(name: "name", description: "The display name.", type: .nonNull(.named("String")), resolve: unused),
            FieldDefinition(
                name: "avatar",
                arguments: [
                    InputValueDefinition(name: "size", type: .named("Int"), defaultValue: 64),
                    InputValueDefinition(name: "format", type: .named("MomentType"), defaultValue: "PHOTOS"),
                    InputValueDefinition(name: "tags", type: .list(.nonNull(.named("String"))), defaultValue: ["a", "b"]),
                    InputValueDefinition(name: "note", type: .named("String"), defaultValue: "line\n\"quoted\""),
                    InputValueDefinition(name: "key", type: .named("ID"), defaultValue: "7"),
                ],
                type: .nonNull(.named("String")), resolve: unused),
            FieldDefinition(name: "oldName", type: .named("String"), deprecationReason: "Use `name`.", resolve: unused),
            FieldDefinition(name: "legacy", type: .named("String"), deprecationReason: "No longer supported", resolve: unused),
            FieldDefinition(name: "createdAt", type: .named("Timestamp"), resolve: unused),
        ])

    static let query = ObjectType(
        name: "Query",
        fields: [
            FieldDefinition(
                name: "user",
                arguments: [InputValueDefinition(name: "id", description: "The user's id.", type: .nonNull(.named("ID")))],
                type: .named("UserDetails"), resolve: unused),
            FieldDefinition(
                name: "moments",
                arguments: [
                    InputValueDefinition(name: "type", type: .named("MomentType"), defaultValue: "URL"),
                    InputValueDefinition(name: "first", type: .named("Int"), defaultValue: 10),
                    InputValueDefinition(name: "ratio", type: .named("Float"), defaultValue: 1.5),
                ],
                type: .nonNull(.list(.nonNull(.named("MomentType")))), resolve: unused),
        ])

    static let mutation = ObjectType(
        name: "Mutation",
        fields: [
            FieldDefinition(
                name: "rename",
                arguments: [
                    InputValueDefinition(name: "id", type: .nonNull(.named("ID"))),
                    InputValueDefinition(name: "name", type: .nonNull(.named("String"))),
                ],
                type: .nonNull(.named("UserDetails")), resolve: unused),
        ])

    static let schema = Schema(
        query: query, mutation: mutation,
        types: [.object(userDetails), .enumeration(momentType), .scalar(timestamp)])
}
