import JSON

/// Spec §4 Introspection: the `__` types as ordinary object and enum types
/// with resolvers (graphql-js type/introspection.ts), and the meta fields.
///
/// Sources: `__Schema` resolves on the `Schema`, `__Type` on a
/// `TypeReference` (named types are looked up in the schema, so wrappers and
/// named types are one shape), `__Field` on a `FieldDefinition`,
/// `__InputValue` on an `InputValueDefinition`, `__EnumValue` on an
/// `EnumValueDefinition`, `__Directive` on a `DirectiveDefinition`.
package enum Introspection {
    /// `__Schema`, `__Type`, `__Field`, `__InputValue`, `__EnumValue`,
    /// `__Directive`, `__TypeKind`, `__DirectiveLocation`, in graphql-js's order.
    package static let types: [NamedType] = [
        .object(IntrospectionTypes.schema), .object(IntrospectionTypes.type),
        .enumeration(IntrospectionTypes.typeKind), .object(IntrospectionTypes.field),
        .object(IntrospectionTypes.inputValue), .object(IntrospectionTypes.enumValue),
        .object(IntrospectionTypes.directive), .enumeration(IntrospectionTypes.directiveLocation),
    ]

    package static func isIntrospectionType(_ name: String) -> Bool {
        types.contains { $0.name == name }
    }

    /// `__typename: String!` on every object type.
    package static let typenameField = FieldDefinition(
        name: "__typename",
        description: "The name of the current Object type at runtime.",
        type: .nonNull(.named("String")),
        resolve: { _, _, info in .leaf(.string(info.parentType.name)) }
    )

    /// `__schema: __Schema!` on the query root.
    package static let schemaField = FieldDefinition(
        name: "__schema",
        description: "Access the current type schema of this server.",
        type: .nonNull(.named("__Schema")),
        resolve: { _, _, info in .object(info.schema) }
    )

    /// `__type(name: String!): __Type` on the query root.
    package static let typeField = FieldDefinition(
        name: "__type",
        description: "Request the type information of a single type.",
        arguments: [InputValueDefinition(name: "name", type: .nonNull(.named("String")))],
        type: .named("__Type"),
        resolve: { _, arguments, info in
            guard case .string(let name) = arguments["name"], info.schema.type(named: name) != nil else { return .null }
            return .object(TypeReference.named(name))
        }
    )
}

/// A resolver met a source of the wrong kind: a bug, reported as an internal error.
struct IntrospectionSourceError: Error {
    var expected: String
}

func introspectionSource<Source>(_ source: Any, as _: Source.Type) throws -> Source {
    guard let typed = source as? Source else { throw IntrospectionSourceError(expected: "\(Source.self)") }
    return typed
}

extension Resolved {
    static func string(_ text: String?) -> Resolved { text.map { .leaf(.string($0)) } ?? .null }
    static func boolean(_ flag: Bool) -> Resolved { .leaf(.bool(flag)) }
    static func objects(_ sources: [Any]) -> Resolved { .list(sources.map { .object($0) }) }
}
