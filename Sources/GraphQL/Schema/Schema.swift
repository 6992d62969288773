/// A complete schema: root types, every named type (user types, the
/// built-in scalars it uses, and the introspection types), and directives.
package final class Schema: Sendable {
    package let queryType: ObjectType
    package let mutationType: ObjectType?
    /// The root of subscription operations, whose events the server executes
    /// one by one (§6.2.3 MapSourceToResponseEvent) with the event as root value.
    package let subscriptionType: ObjectType?
    /// Every named type, in a stable order: the user's types as given, the
    /// roots (graphql-js's order, so SDL prints as written), then built-in
    /// scalars and introspection types.
    package let types: [NamedType]
    package let directives: [DirectiveDefinition]
    private let typeIndex: [String: NamedType]

    /// - Parameters:
    ///   - types: the schema's own named types other than the roots (enums, scalars, objects).
    ///   - directives: defaults to the specified directives (`@include`, `@skip`, `@deprecated`, `@specifiedBy`).
    package init(
        query: ObjectType, mutation: ObjectType? = nil, subscription: ObjectType? = nil, types: [NamedType] = [],
        directives: [DirectiveDefinition] = SpecifiedDirectives.all
    ) {
        var ordered: [NamedType] = types
        ordered.append(.object(query))
        if let mutation { ordered.append(.object(mutation)) }
        if let subscription { ordered.append(.object(subscription)) }
        ordered += BuiltInScalars.all.map(NamedType.scalar)
        ordered += Introspection.types
        var index: [String: NamedType] = [:]
        var unique: [NamedType] = []
        for type in ordered where index[type.name] == nil {
            index[type.name] = type
            unique.append(type)
        }
        self.queryType = query
        self.mutationType = mutation
        self.subscriptionType = subscription
        self.types = unique
        self.directives = directives
        self.typeIndex = index
    }

    package func type(named name: String) -> NamedType? { typeIndex[name] }

    package func directive(named name: String) -> DirectiveDefinition? { directives.first { $0.name == name } }

    package func rootType(for operation: OperationType) -> ObjectType? {
        switch operation {
        case .query: queryType
        case .mutation: mutationType
        case .subscription: subscriptionType
        }
    }

    /// A field as selected on `type`, including the meta fields of spec §4.4:
    /// `__typename` on every object, `__schema` and `__type` on the query root.
    package func field(named name: String, on type: ObjectType) -> FieldDefinition? {
        if name == "__typename" { return Introspection.typenameField }
        if type === queryType {
            if name == "__schema" { return Introspection.schemaField }
            if name == "__type" { return Introspection.typeField }
        }
        return type.field(named: name)
    }
}
