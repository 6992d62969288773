import JSON
import Locking

/// A reference to a type from a field or argument: `[Moment!]!` is
/// `.nonNull(.list(.nonNull(.named("Moment"))))`.
package indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(String)
    case list(TypeReference)
    case nonNull(TypeReference)

    package var namedType: String {
        switch self {
        case .named(let name): name
        case .list(let inner), .nonNull(let inner): inner.namedType
        }
    }

    package var isNonNull: Bool { if case .nonNull = self { true } else { false } }

    /// The reference with one outer non-null removed.
    package var nullable: TypeReference { if case .nonNull(let inner) = self { inner } else { self } }

    /// SDL spelling, e.g. `[String!]!`.
    package var description: String {
        switch self {
        case .named(let name): name
        case .list(let inner): "[\(inner)]"
        case .nonNull(let inner): "\(inner)!"
        }
    }
}

/// What a resolver hands back to the executor, which completes it according
/// to the field's type (spec §6.4.3 CompleteValue).
///
/// Four kinds of value, and two spellings of a list that spare wrapping each
/// item: `.strings(s)` completes as `.list(s.map { .leaf(.string($0)) })`
/// and `.nodes(n)` as `.list(n.map { .node($0) })` (`ResolvedListTests`
/// holds them to it), so a resolver can hand over an array it already has.
package enum Resolved {
    case null
    /// A leaf value, serialized by the field's scalar or enum type (enums by name, as `.string`).
    case leaf(JSONValue)
    /// A source value for an object type's own resolvers.
    case object(Any)
    /// An object source that is a class instance: moved as a plain reference,
    /// and `resolveNode` resolvers receive it without a cast from `Any`.
    case node(AnyObject)
    case list([Resolved])
    case strings([String])
    case nodes([AnyObject])
}

/// Everything a resolver may need besides its source and arguments.
package struct ResolveInfo {
    package var fieldName: String
    package var parentType: ObjectType
    package var path: [PathComponent]
    package var schema: Schema
    /// The per-request value passed to `execute`, e.g. a request-scoped data loader.
    package var context: Any

    package init(fieldName: String, parentType: ObjectType, path: [PathComponent], schema: Schema, context: Any) {
        self.fieldName = fieldName
        self.parentType = parentType
        self.path = path
        self.schema = schema
        self.context = context
    }
}

/// Resolvers are synchronous: the service layer below reads SQLite on the
/// calling thread, and execution runs off the I/O path.
package typealias FieldResolver = @Sendable (_ source: Any, _ arguments: JSONObject, _ info: ResolveInfo) throws -> Resolved

/// A subscription root field's resolver of its source stream (§6.2.3.1
/// ResolveFieldEventStream): what describes the events to follow, or an
/// error, thrown, that ends the subscription before it starts.
package typealias SubscribeResolver = @Sendable (_ source: Any, _ arguments: JSONObject, _ info: ResolveInfo) throws -> any Sendable

/// A resolver that reads only its source, as most fields do: the executor
/// calls it without coercing arguments or building a `ResolveInfo`.
package typealias SourceFieldResolver = @Sendable (_ source: Any) throws -> Resolved

/// A resolver that reads only its source, a class instance (see `Resolved.node`).
package typealias NodeFieldResolver = @Sendable (_ source: AnyObject) throws -> Resolved

/// A resolver that reads its source, a class instance, and its coerced
/// arguments (constant ones coerced once per document): no `ResolveInfo`,
/// whose path would be built for every object the field completes.
package typealias NodeArgumentsFieldResolver = @Sendable (_ source: AnyObject, _ arguments: JSONObject) throws -> Resolved

/// An argument, or an argument of a directive.
package struct InputValueDefinition: Sendable {
    package var name: String
    package var description: String?
    package var type: TypeReference
    /// The coerced default value, if any.
    package var defaultValue: JSONValue?

    package init(name: String, description: String? = nil, type: TypeReference, defaultValue: JSONValue? = nil) {
        self.name = name
        self.description = description
        self.type = type
        self.defaultValue = defaultValue
    }
}

package struct FieldDefinition: Sendable {
    package var name: String
    package var description: String?
    package var arguments: [InputValueDefinition]
    package var type: TypeReference
    package var deprecationReason: String?
    /// The resolver. Setting it drops `resolveSource`, so the new one is what runs.
    package var resolve: FieldResolver {
        didSet {
            resolveSource = nil
            resolveNode = nil
            resolveNodeWithArguments = nil
        }
    }
    /// Set by the source-only initializer: the same resolver as `resolve`,
    /// which the executor calls instead (no arguments, no `ResolveInfo`).
    package private(set) var resolveSource: SourceFieldResolver?
    /// Set by the node initializer: the same resolver as `resolve`, which the
    /// executor calls instead when the source is a `Resolved.node`.
    package private(set) var resolveNode: NodeFieldResolver?
    /// Set by the node-with-arguments initializer: the same resolver as
    /// `resolve`, which the executor calls instead when the source is a `Resolved.node`.
    package private(set) var resolveNodeWithArguments: NodeArgumentsFieldResolver?
    /// A subscription root field's source stream (spec §6.2.3.1
    /// CreateSourceEventStream, graphql-js `subscribe`); `resolve` then maps
    /// each event the stream yields (§6.2.3.2 MapSourceToResponseEvent).
    package var subscribe: SubscribeResolver?

    package init(
        name: String, description: String? = nil, arguments: [InputValueDefinition] = [],
        type: TypeReference, deprecationReason: String? = nil, resolve: @escaping FieldResolver
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.resolve = resolve
        self.resolveSource = nil
        self.resolveNode = nil
        self.resolveNodeWithArguments = nil
    }

    /// A field without arguments whose resolver reads only its source.
    package init(
        name: String, description: String? = nil, type: TypeReference, deprecationReason: String? = nil,
        resolveSource: @escaping SourceFieldResolver
    ) {
        self.name = name
        self.description = description
        self.arguments = []
        self.type = type
        self.deprecationReason = deprecationReason
        self.resolve = { source, _, _ in try resolveSource(source) }
        self.resolveSource = resolveSource
        self.resolveNode = nil
        self.resolveNodeWithArguments = nil
    }

    /// A field without arguments whose resolver reads only its source, a
    /// class instance. A source that is not one reaches the resolver boxed,
    /// so the resolver's own cast decides, as it would for any other value.
    package init(
        name: String, description: String? = nil, type: TypeReference, deprecationReason: String? = nil,
        resolveNode: @escaping NodeFieldResolver
    ) {
        self.name = name
        self.description = description
        self.arguments = []
        self.type = type
        self.deprecationReason = deprecationReason
        self.resolve = { source, _, _ in try resolveNode(source as AnyObject) }
        self.resolveSource = { source in try resolveNode(source as AnyObject) }
        self.resolveNode = resolveNode
        self.resolveNodeWithArguments = nil
    }

    /// A field whose resolver reads its source, a class instance, and its
    /// arguments. A source that is not one reaches the resolver boxed, as above.
    package init(
        name: String, description: String? = nil, arguments: [InputValueDefinition], type: TypeReference,
        deprecationReason: String? = nil, resolveNodeWithArguments: @escaping NodeArgumentsFieldResolver
    ) {
        self.name = name
        self.description = description
        self.arguments = arguments
        self.type = type
        self.deprecationReason = deprecationReason
        self.resolve = { source, arguments, _ in try resolveNodeWithArguments(source as AnyObject, arguments) }
        self.resolveSource = nil
        self.resolveNode = nil
        self.resolveNodeWithArguments = resolveNodeWithArguments
    }

    package func argument(named name: String) -> InputValueDefinition? {
        arguments.first { $0.name == name }
    }
}

/// An object type. Fields keep their declaration order (introspection and SDL show it).
package final class ObjectType: Sendable {
    package let name: String
    package let description: String?
    package let fields: [FieldDefinition]
    private let fieldIndex: [String: Int]
    /// Names what an object of this type completes from, so that equal
    /// objects are written once and copied (`FragmentKey`); nil: always executed.
    package let fragmentKey: FragmentKeyFunction?

    package init(
        name: String, description: String? = nil, fields: [FieldDefinition], fragmentKey: FragmentKeyFunction? = nil
    ) {
        self.name = name
        self.description = description
        self.fields = fields
        self.fragmentKey = fragmentKey
        var index: [String: Int] = [:]
        for (position, field) in fields.enumerated() where index[field.name] == nil {
            index[field.name] = position
        }
        self.fieldIndex = index
    }

    /// The type's own field (meta fields such as `__typename` are the schema's business).
    package func field(named name: String) -> FieldDefinition? {
        fieldIndex[name].map { fields[$0] }
    }
}

package struct EnumValueDefinition: Sendable {
    package var name: String
    package var description: String?
    package var deprecationReason: String?
    package init(name: String, description: String? = nil, deprecationReason: String? = nil) {
        self.name = name
        self.description = description
        self.deprecationReason = deprecationReason
    }
}

package struct EnumType: Sendable {
    package var name: String
    package var description: String?
    package var values: [EnumValueDefinition]
    package init(name: String, description: String? = nil, values: [EnumValueDefinition]) {
        self.name = name
        self.description = description
        self.values = values
    }

    /// Byte for byte: an input that is only canonically equivalent to a value's name (U+212A for "K") is not that value.
    package func value(named name: String) -> EnumValueDefinition? {
        let key = UTF8Key(name)
        return values.first { UTF8Key($0.name) == key }
    }
}

/// A scalar type. The five built-in scalars coerce as spec §3.5 says; see `Scalars.swift`.
package struct ScalarType: Sendable {
    package var name: String
    package var description: String?
    package var specifiedByURL: String?
    package init(name: String, description: String? = nil, specifiedByURL: String? = nil) {
        self.name = name
        self.description = description
        self.specifiedByURL = specifiedByURL
    }
}

/// The named types this engine supports: the kinds our schema and
/// introspection need (no interfaces, unions or input objects).
package enum NamedType: Sendable {
    case scalar(ScalarType)
    case object(ObjectType)
    case enumeration(EnumType)

    package var name: String {
        switch self {
        case .scalar(let type): type.name
        case .object(let type): type.name
        case .enumeration(let type): type.name
        }
    }

    package var description: String? {
        switch self {
        case .scalar(let type): type.description
        case .object(let type): type.description
        case .enumeration(let type): type.description
        }
    }

    /// Scalars and enums: may appear in input positions and as leaves.
    package var isLeaf: Bool { if case .object = self { false } else { true } }
    package var isInputType: Bool { isLeaf }
    /// Objects (the only composite kind here).
    package var isComposite: Bool { !isLeaf }
}

/// Where a directive may appear (spec §3.13).
package enum DirectiveLocation: String, Sendable, Hashable, CaseIterable {
    case query = "QUERY"
    case mutation = "MUTATION"
    case subscription = "SUBSCRIPTION"
    case field = "FIELD"
    case fragmentDefinition = "FRAGMENT_DEFINITION"
    case fragmentSpread = "FRAGMENT_SPREAD"
    case inlineFragment = "INLINE_FRAGMENT"
    case variableDefinition = "VARIABLE_DEFINITION"
    case schema = "SCHEMA"
    case scalar = "SCALAR"
    case object = "OBJECT"
    case fieldDefinition = "FIELD_DEFINITION"
    case argumentDefinition = "ARGUMENT_DEFINITION"
    case interface = "INTERFACE"
    case union = "UNION"
    case enumeration = "ENUM"
    case enumValue = "ENUM_VALUE"
    case inputObject = "INPUT_OBJECT"
    case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
}

package struct DirectiveDefinition: Sendable {
    package var name: String
    package var description: String?
    package var locations: [DirectiveLocation]
    package var arguments: [InputValueDefinition]
    package var isRepeatable: Bool
    package init(
        name: String, description: String? = nil, locations: [DirectiveLocation],
        arguments: [InputValueDefinition] = [], isRepeatable: Bool = false
    ) {
        self.name = name
        self.description = description
        self.locations = locations
        self.arguments = arguments
        self.isRepeatable = isRepeatable
    }
}
