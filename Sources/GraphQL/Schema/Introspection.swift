import JSON

// PLACEHOLDER: the introspection types (__Schema, __Type, ...) are being written;
// this file keeps the shape the rest of the engine relies on.
public enum Introspection {
    /// `__Schema`, `__Type`, `__Field`, `__InputValue`, `__EnumValue`,
    /// `__Directive`, `__TypeKind`, `__DirectiveLocation`.
    public static let types: [NamedType] = []

    /// `__typename: String!` on every object type.
    public static let typenameField = FieldDefinition(
        name: "__typename",
        description: "The name of the current Object type at runtime.",
        type: .nonNull(.named("String")),
        resolve: { _, _, info in .leaf(.string(info.parentType.name)) }
    )

    /// `__schema: __Schema!` on the query root.
    public static let schemaField = FieldDefinition(
        name: "__schema",
        description: "Access the current type schema of this server.",
        type: .nonNull(.named("__Schema")),
        resolve: { _, _, _ in .null }
    )

    /// `__type(name: String!): __Type` on the query root.
    public static let typeField = FieldDefinition(
        name: "__type",
        description: "Request the type information of a single type.",
        arguments: [InputValueDefinition(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type"),
        resolve: { _, _, _ in .null }
    )
}
