import JSON

/// The introspection object types (graphql-js type/introspection.ts, field
/// lists, descriptions and arguments as there).
enum IntrospectionTypes {
    static let includeDeprecated = InputValueDefinition(
        name: "includeDeprecated", type: .named("Boolean"), defaultValue: .bool(false))

    static let schema = ObjectType(
        name: "__Schema",
        description: "A GraphQL Schema defines the capabilities of a GraphQL server. It exposes all available types and directives on the server, as well as the entry points for query, mutation, and subscription operations.",
        fields: [
            FieldDefinition(name: "description", type: .named("String")) { _, _, _ in .null },
            FieldDefinition(
                name: "types", description: "A list of all types supported by this server.",
                type: .nonNull(.list(.nonNull(.named("__Type"))))
            ) { source, _, _ in
                let schema = try introspectionSource(source, as: Schema.self)
                return .objects(schema.typeMapOrder.map { TypeReference.named($0.name) })
            },
            FieldDefinition(
                name: "queryType", description: "The type that query operations will be rooted at.",
                type: .nonNull(.named("__Type"))
            ) { source, _, _ in
                .object(TypeReference.named(try introspectionSource(source, as: Schema.self).queryType.name))
            },
            FieldDefinition(
                name: "mutationType",
                description: "If this server supports mutation, the type that mutation operations will be rooted at.",
                type: .named("__Type")
            ) { source, _, _ in
                guard let mutation = try introspectionSource(source, as: Schema.self).mutationType else { return .null }
                return .object(TypeReference.named(mutation.name))
            },
            FieldDefinition(
                name: "subscriptionType",
                description: "If this server supports subscription, the type that subscription operations will be rooted at.",
                type: .named("__Type")
            ) { source, _, _ in
                guard let subscription = try introspectionSource(source, as: Schema.self).subscriptionType else { return .null }
                return .object(TypeReference.named(subscription.name))
            },
            FieldDefinition(
                name: "directives", description: "A list of all directives supported by this server.",
                type: .nonNull(.list(.nonNull(.named("__Directive"))))
            ) { source, _, _ in .objects(try introspectionSource(source, as: Schema.self).directives) },
        ]
    )

    static let directive = ObjectType(
        name: "__Directive",
        description: "A Directive provides a way to describe alternate runtime execution and type validation behavior in a GraphQL document.\n\nIn some cases, you need to provide options to alter GraphQL's execution behavior in ways field arguments will not suffice, such as conditionally including or skipping a field. Directives provide this by describing additional information to the executor.",
        fields: [
            FieldDefinition(name: "name", type: .nonNull(.named("String"))) { source, _, _ in
                .string(try introspectionSource(source, as: DirectiveDefinition.self).name)
            },
            FieldDefinition(name: "description", type: .named("String")) { source, _, _ in
                .string(try introspectionSource(source, as: DirectiveDefinition.self).description)
            },
            FieldDefinition(name: "isRepeatable", type: .nonNull(.named("Boolean"))) { source, _, _ in
                .boolean(try introspectionSource(source, as: DirectiveDefinition.self).isRepeatable)
            },
            FieldDefinition(
                name: "locations", type: .nonNull(.list(.nonNull(.named("__DirectiveLocation"))))
            ) { source, _, _ in
                .list(try introspectionSource(source, as: DirectiveDefinition.self).locations.map { .leaf(.string($0.rawValue)) })
            },
            FieldDefinition(
                name: "args", arguments: [includeDeprecated],
                type: .nonNull(.list(.nonNull(.named("__InputValue"))))
            ) { source, _, _ in .objects(try introspectionSource(source, as: DirectiveDefinition.self).arguments) },
        ]
    )

    static let field = ObjectType(
        name: "__Field",
        description: "Object and Interface types are described by a list of Fields, each of which has a name, potentially a list of arguments, and a return type.",
        fields: [
            FieldDefinition(name: "name", type: .nonNull(.named("String"))) { source, _, _ in
                .string(try introspectionSource(source, as: FieldDefinition.self).name)
            },
            FieldDefinition(name: "description", type: .named("String")) { source, _, _ in
                .string(try introspectionSource(source, as: FieldDefinition.self).description)
            },
            FieldDefinition(
                name: "args", arguments: [includeDeprecated],
                type: .nonNull(.list(.nonNull(.named("__InputValue"))))
            ) { source, _, _ in .objects(try introspectionSource(source, as: FieldDefinition.self).arguments) },
            FieldDefinition(name: "type", type: .nonNull(.named("__Type"))) { source, _, _ in
                .object(try introspectionSource(source, as: FieldDefinition.self).type)
            },
            FieldDefinition(name: "isDeprecated", type: .nonNull(.named("Boolean"))) { source, _, _ in
                .boolean(try introspectionSource(source, as: FieldDefinition.self).deprecationReason != nil)
            },
            FieldDefinition(name: "deprecationReason", type: .named("String")) { source, _, _ in
                .string(try introspectionSource(source, as: FieldDefinition.self).deprecationReason)
            },
        ]
    )

    static let inputValue = ObjectType(
        name: "__InputValue",
        description: "Arguments provided to Fields or Directives and the input fields of an InputObject are represented as Input Values which describe their type and optionally a default value.",
        fields: [
            FieldDefinition(name: "name", type: .nonNull(.named("String"))) { source, _, _ in
                .string(try introspectionSource(source, as: InputValueDefinition.self).name)
            },
            FieldDefinition(name: "description", type: .named("String")) { source, _, _ in
                .string(try introspectionSource(source, as: InputValueDefinition.self).description)
            },
            FieldDefinition(name: "type", type: .nonNull(.named("__Type"))) { source, _, _ in
                .object(try introspectionSource(source, as: InputValueDefinition.self).type)
            },
            FieldDefinition(
                name: "defaultValue",
                description: "A GraphQL-formatted string representing the default value for this input value.",
                type: .named("String")
            ) { source, _, info in
                let input = try introspectionSource(source, as: InputValueDefinition.self)
                guard let value = input.defaultValue else { return .null }
                return .string(printDefaultValue(value, type: input.type, schema: info.schema))
            },
            FieldDefinition(name: "isDeprecated", type: .nonNull(.named("Boolean"))) { _, _, _ in .boolean(false) },
            FieldDefinition(name: "deprecationReason", type: .named("String")) { _, _, _ in .null },
        ]
    )

    static let enumValue = ObjectType(
        name: "__EnumValue",
        description: "One possible value for a given Enum. Enum values are unique values, not a placeholder for a string or numeric value. However an Enum value is returned in a JSON response as a string.",
        fields: [
            FieldDefinition(name: "name", type: .nonNull(.named("String"))) { source, _, _ in
                .string(try introspectionSource(source, as: EnumValueDefinition.self).name)
            },
            FieldDefinition(name: "description", type: .named("String")) { source, _, _ in
                .string(try introspectionSource(source, as: EnumValueDefinition.self).description)
            },
            FieldDefinition(name: "isDeprecated", type: .nonNull(.named("Boolean"))) { source, _, _ in
                .boolean(try introspectionSource(source, as: EnumValueDefinition.self).deprecationReason != nil)
            },
            FieldDefinition(name: "deprecationReason", type: .named("String")) { source, _, _ in
                .string(try introspectionSource(source, as: EnumValueDefinition.self).deprecationReason)
            },
        ]
    )
}
