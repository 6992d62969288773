import JSON

/// graphql-js `valueFromAST`: a literal (possibly holding variables) coerced
/// to `type`, or nil when it is invalid (spec §6.4.2 and §3.x input coercion).
/// `variables` are already coerced; a missing variable means "not provided".
func valueFromAST(_ literal: Value, type: TypeReference, schema: Schema, variables: JSONObject) -> JSONValue? {
    if case .variable(let name, _) = literal {
        guard let value = variables[name.value] else { return nil }
        if value == .null, type.isNonNull { return nil }
        return value
    }
    switch type {
    case .nonNull(let inner):
        if case .null = literal { return nil }
        return valueFromAST(literal, type: inner, schema: schema, variables: variables)
    case .list(let itemType):
        if case .null = literal { return .null }
        guard case .list(let items, _) = literal else {
            return valueFromAST(literal, type: itemType, schema: schema, variables: variables).map { .array([$0]) }
        }
        var result: [JSONValue] = []
        result.reserveCapacity(items.count)
        for item in items {
            if case .variable(let name, _) = item, variables[name.value] == nil {
                // A missing variable inside a list is null, unless the item must not be.
                if itemType.isNonNull { return nil }
                result.append(.null)
                continue
            }
            guard let value = valueFromAST(item, type: itemType, schema: schema, variables: variables) else { return nil }
            result.append(value)
        }
        return .array(result)
    case .named(let name):
        if case .null = literal { return .null }
        switch schema.type(named: name) {
        case .scalar(let scalar): return try? scalar.coerceLiteral(literal, variables: variables)
        case .enumeration(let enumeration): return try? enumeration.coerceLiteral(literal)
        case .object, nil: return nil
        }
    }
}
