import JSON

extension Schema {
    /// The schema's named types in graphql-js's type-map order (the
    /// `GraphQLSchema` constructor's `collectReferencedTypes` walk): the
    /// user's types as given, each followed by what it references first, then
    /// the roots, directive argument types and the introspection types.
    /// Built-in scalars nothing references are left out, as in graphql-js.
    var typeMapOrder: [NamedType] {
        let rootNames = Set([queryType.name, mutationType?.name].compactMap { $0 })
        let configTypes = types.filter {
            !rootNames.contains($0.name) && !BuiltInScalars.isBuiltIn($0.name)
                && !Introspection.isIntrospectionType($0.name)
        }
        var order = configTypes.map(\.name)
        var present = Set(order)
        func collect(_ name: String) {
            guard !present.contains(name), let type = type(named: name) else { return }
            present.insert(name)
            order.append(name)
            if case .object(let object) = type {
                for field in object.fields {
                    collect(field.type.namedType)
                    for argument in field.arguments { collect(argument.type.namedType) }
                }
            }
        }
        for type in configTypes {
            // graphql-js deletes each configured type from its set and walks it again.
            present.remove(type.name)
            order.removeAll { $0 == type.name }
            collect(type.name)
        }
        collect(queryType.name)
        if let mutationType { collect(mutationType.name) }
        for directive in directives {
            for argument in directive.arguments { collect(argument.type.namedType) }
        }
        collect("__Schema")
        return order.compactMap { type(named: $0) }
    }
}

/// graphql-js `print(astFromValue(value, type))`: how `__InputValue.defaultValue`
/// and SDL show a default.
func printDefaultValue(_ value: JSONValue, type: TypeReference, schema: Schema) -> String {
    switch type {
    case .nonNull(let inner):
        return printDefaultValue(value, type: inner, schema: schema)
    case .list(let itemType):
        guard case .array(let items) = value else { return printDefaultValue(value, type: itemType, schema: schema) }
        return "[" + items.map { printDefaultValue($0, type: itemType, schema: schema) }.joined(separator: ", ") + "]"
    case .named(let name):
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int(let number): return String(number)
        case .double(let number): return javaScriptNumber(number)
        case .string(let text):
            if case .enumeration = schema.type(named: name) { return text }
            // astFromValue: an ID that looks like an integer prints as one.
            if name == "ID", isIntegerText(text) { return text }
            return printString(text)
        case .array, .object: return inspect(value)
        }
    }
}

private func isIntegerText(_ text: String) -> Bool {
    var digits = Substring(text)
    if digits.first == "-" { digits = digits.dropFirst() }
    guard let first = digits.first, digits.allSatisfy(\.isASCIIDigitCharacter) else { return false }
    return first != "0" || digits.count == 1
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}
