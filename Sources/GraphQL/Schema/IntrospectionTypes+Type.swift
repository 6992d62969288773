import JSON

extension IntrospectionTypes {
    static let type = ObjectType(
        name: "__Type",
        description: "The fundamental unit of any GraphQL Schema is the type. There are many kinds of types in GraphQL as represented by the `__TypeKind` enum.\n\nDepending on the kind of a type, certain fields describe information about that type. Scalar types provide no information beyond a name, description and optional `specifiedByURL`, while Enum types provide their values. Object and Interface types provide the fields they describe. Abstract types, Union and Interface, provide the Object types possible at runtime. List and NonNull types compose other types.",
        fields: [
            FieldDefinition(name: "kind", type: .nonNull(.named("__TypeKind"))) { source, _, info in
                switch try introspectionSource(source, as: TypeReference.self) {
                case .nonNull: return .leaf(.string("NON_NULL"))
                case .list: return .leaf(.string("LIST"))
                case .named(let name):
                    switch info.schema.type(named: name) {
                    case .scalar: return .leaf(.string("SCALAR"))
                    case .object: return .leaf(.string("OBJECT"))
                    case .enumeration: return .leaf(.string("ENUM"))
                    case nil: throw IntrospectionSourceError(expected: "a type named \(name)")
                    }
                }
            },
            FieldDefinition(name: "name", type: .named("String")) { source, _, _ in
                guard case .named(let name) = try introspectionSource(source, as: TypeReference.self) else { return .null }
                return .string(name)
            },
            FieldDefinition(name: "description", type: .named("String")) { source, _, info in
                .string(try namedType(source, info)?.description)
            },
            FieldDefinition(name: "specifiedByURL", type: .named("String")) { source, _, info in
                guard case .scalar(let scalar) = try namedType(source, info) else { return .null }
                return .string(scalar.specifiedByURL)
            },
            FieldDefinition(
                name: "fields", arguments: [includeDeprecated], type: .list(.nonNull(.named("__Field")))
            ) { source, arguments, info in
                guard case .object(let object) = try namedType(source, info) else { return .null }
                let all = arguments["includeDeprecated"] == .bool(true)
                return .objects(object.fields.filter { all || $0.deprecationReason == nil })
            },
            FieldDefinition(name: "interfaces", type: .list(.nonNull(.named("__Type")))) { source, _, info in
                // Objects implement no interfaces here; graphql-js gives [] for objects, null otherwise.
                guard case .object = try namedType(source, info) else { return .null }
                return .list([])
            },
            FieldDefinition(name: "possibleTypes", type: .list(.nonNull(.named("__Type")))) { _, _, _ in .null },
            FieldDefinition(
                name: "enumValues", arguments: [includeDeprecated], type: .list(.nonNull(.named("__EnumValue")))
            ) { source, arguments, info in
                guard case .enumeration(let enumeration) = try namedType(source, info) else { return .null }
                let all = arguments["includeDeprecated"] == .bool(true)
                return .objects(enumeration.values.filter { all || $0.deprecationReason == nil })
            },
            FieldDefinition(
                name: "inputFields", arguments: [includeDeprecated], type: .list(.nonNull(.named("__InputValue")))
            ) { _, _, _ in .null },
            FieldDefinition(name: "ofType", type: .named("__Type")) { source, _, _ in
                switch try introspectionSource(source, as: TypeReference.self) {
                case .nonNull(let inner), .list(let inner): return .object(inner)
                case .named: return .null
                }
            },
            FieldDefinition(name: "isOneOf", type: .named("Boolean")) { _, _, _ in .null },
        ]
    )

    /// The named type behind a `__Type` source; nil for list and non-null wrappers.
    private static func namedType(_ source: Any, _ info: ResolveInfo) throws -> NamedType? {
        guard case .named(let name) = try introspectionSource(source, as: TypeReference.self) else { return nil }
        return info.schema.type(named: name)
    }

    static let typeKind = EnumType(
        name: "__TypeKind",
        description: "An enum describing what kind of type a given `__Type` is.",
        values: [
            EnumValueDefinition(name: "SCALAR", description: "Indicates this type is a scalar."),
            EnumValueDefinition(name: "OBJECT", description: "Indicates this type is an object. `fields` and `interfaces` are valid fields."),
            EnumValueDefinition(name: "INTERFACE", description: "Indicates this type is an interface. `fields`, `interfaces`, and `possibleTypes` are valid fields."),
            EnumValueDefinition(name: "UNION", description: "Indicates this type is a union. `possibleTypes` is a valid field."),
            EnumValueDefinition(name: "ENUM", description: "Indicates this type is an enum. `enumValues` is a valid field."),
            EnumValueDefinition(name: "INPUT_OBJECT", description: "Indicates this type is an input object. `inputFields` is a valid field."),
            EnumValueDefinition(name: "LIST", description: "Indicates this type is a list. `ofType` is a valid field."),
            EnumValueDefinition(name: "NON_NULL", description: "Indicates this type is a non-null. `ofType` is a valid field."),
        ]
    )

    static let directiveLocation = EnumType(
        name: "__DirectiveLocation",
        description: "A Directive can be adjacent to many parts of the GraphQL language, a __DirectiveLocation describes one such possible adjacencies.",
        values: DirectiveLocation.allCases.map { location in
            EnumValueDefinition(name: location.rawValue, description: location.introspectionDescription)
        }
    )
}

extension DirectiveLocation {
    var introspectionDescription: String {
        switch self {
        case .query: "Location adjacent to a query operation."
        case .mutation: "Location adjacent to a mutation operation."
        case .subscription: "Location adjacent to a subscription operation."
        case .field: "Location adjacent to a field."
        case .fragmentDefinition: "Location adjacent to a fragment definition."
        case .fragmentSpread: "Location adjacent to a fragment spread."
        case .inlineFragment: "Location adjacent to an inline fragment."
        case .variableDefinition: "Location adjacent to a variable definition."
        case .schema: "Location adjacent to a schema definition."
        case .scalar: "Location adjacent to a scalar definition."
        case .object: "Location adjacent to an object type definition."
        case .fieldDefinition: "Location adjacent to a field definition."
        case .argumentDefinition: "Location adjacent to an argument definition."
        case .interface: "Location adjacent to an interface definition."
        case .union: "Location adjacent to a union definition."
        case .enumeration: "Location adjacent to an enum definition."
        case .enumValue: "Location adjacent to an enum value definition."
        case .inputObject: "Location adjacent to an input object type definition."
        case .inputFieldDefinition: "Location adjacent to an input object field definition."
        }
    }
}
