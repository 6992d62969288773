import JSON

/// One response key of a grouped field set (spec §6.3.2 CollectFields) with
/// everything the executor would otherwise look up for every object it
/// completes: the field definition, the return type, the encoded key.
///
/// Plans are built once per request and per selection; because this engine
/// has no abstract types, a field's sub-plan is the same for every object in
/// a list and is computed once (graphql-js memoizes `collectSubfields` alike).
final class FieldPlan {
    let responseKey: String
    /// `"key":`, ready to append.
    let encodedKey: [UInt8]
    private(set) var nodes: [Field]
    let definition: FieldDefinition
    let parentType: ObjectType
    /// The named type of `definition.type`; nil only for a schema that
    /// references an unknown type (a programmer error, reported as a field error).
    let namedType: NamedType?

    /// Coerced once per request: arguments depend only on the nodes and the variables.
    var coercedArguments: Result<JSONObject, GraphQLError>?
    /// The sub-selection's plan for object-typed fields, built on first use.
    var subfields: [FieldPlan]?

    init(responseKey: String, node: Field, definition: FieldDefinition, parentType: ObjectType, namedType: NamedType?) {
        self.responseKey = responseKey
        var encoded: [UInt8] = []
        encoded.appendJSONString(responseKey)
        encoded.append(UInt8(ascii: ":"))
        self.encodedKey = encoded
        self.nodes = [node]
        self.definition = definition
        self.parentType = parentType
        self.namedType = namedType
    }

    func merge(_ node: Field) { nodes.append(node) }

    var locations: [SourceLocation] { nodes.map(\.loc) }
}
