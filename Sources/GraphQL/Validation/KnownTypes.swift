/// The schema's types as graphql-js sees them during validation.
///
/// graphql-js builds a schema's type map from what its roots, types and
/// directives reference, so a built-in scalar that nothing uses (`Int` and
/// `Float` in the Moments schema) is an unknown type there: `query ($n: Int)` fails
/// with `Unknown type "Int".`. `Schema.types` always holds all five built-in
/// scalars, so validation narrows them to the referenced ones to give the same
/// errors as the reference implementation.
struct KnownTypes {
    let schema: Schema
    private let names: Set<String>

    init(schema: Schema) {
        self.schema = schema
        var referenced: Set<String> = []
        for type in schema.types {
            if case .object(let object) = type {
                for field in object.fields {
                    referenced.insert(field.type.namedType)
                    for argument in field.arguments { referenced.insert(argument.type.namedType) }
                }
            }
        }
        for directive in schema.directives {
            for argument in directive.arguments { referenced.insert(argument.type.namedType) }
        }
        var names: Set<String> = []
        for type in schema.types where !BuiltInScalars.isBuiltIn(type.name) || referenced.contains(type.name) {
            names.insert(type.name)
        }
        self.names = names
    }

    /// Every known type name, in the schema's order.
    var allNames: [String] { schema.types.map(\.name).filter { names.contains($0) } }

    func named(_ name: String) -> NamedType? {
        names.contains(name) ? schema.type(named: name) : nil
    }

    func namedType(of reference: TypeReference) -> NamedType? { named(reference.namedType) }

    /// graphql-js `typeFromAST`: nil when the named type is unknown.
    func reference(from node: TypeNode) -> TypeReference? {
        switch node {
        case .named(let name): named(name.value).map { _ in .named(name.value) }
        case .list(let inner, _): reference(from: inner).map { .list($0) }
        case .nonNull(let inner, _): reference(from: inner).map { .nonNull($0) }
        }
    }

    func isInputType(_ reference: TypeReference) -> Bool { namedType(of: reference)?.isInputType ?? false }
    func isOutputType(_ reference: TypeReference) -> Bool { namedType(of: reference) != nil }
    func isLeafType(_ reference: TypeReference) -> Bool { namedType(of: reference)?.isLeaf ?? false }

    func objectType(named name: String) -> ObjectType? {
        if case .object(let object) = named(name) { object } else { nil }
    }

    /// graphql-js `isTypeSubTypeOf` for a schema without abstract types.
    static func isSubtype(_ maybeSubtype: TypeReference, of superType: TypeReference) -> Bool {
        switch (maybeSubtype, superType) {
        case (_, _) where maybeSubtype == superType: true
        case (.nonNull(let sub), .nonNull(let sup)): isSubtype(sub, of: sup)
        case (_, .nonNull): false
        case (.nonNull(let sub), _): isSubtype(sub, of: superType)
        case (.list(let sub), .list(let sup)): isSubtype(sub, of: sup)
        case (_, .list), (.list, _): false
        case (.named, .named): false
        }
    }
}
