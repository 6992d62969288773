import JSON

/// Spec §6.4.2 CoerceArgumentValues(objectType, field, variableValues), for a
/// field's or a directive's arguments. Throws the first problem, located at the
/// offending node, as graphql-js `getArgumentValues` does.
func coerceArgumentValues(
    definitions: [InputValueDefinition], arguments: [Argument], nodeLocation: SourceLocation,
    schema: Schema, variables: JSONObject
) throws(GraphQLError) -> JSONObject {
    var coerced = JSONObject()
    for definition in definitions {
        let name = definition.name
        let type = definition.type
        guard let argument = arguments.first(where: { $0.name.value == name }) else {
            if let defaultValue = definition.defaultValue {
                coerced.appendUnique(name, defaultValue)
            } else if type.isNonNull {
                throw GraphQLError(
                    "Argument \"\(name)\" of required type \"\(type)\" was not provided.",
                    locations: [nodeLocation], code: .badUserInput)
            }
            continue
        }
        let literal = argument.value
        var isNull = if case .null = literal { true } else { false }
        if case .variable(let variableName, _) = literal {
            guard let value = variables[variableName.value] else {
                if let defaultValue = definition.defaultValue {
                    coerced.appendUnique(name, defaultValue)
                } else if type.isNonNull {
                    throw GraphQLError(
                        "Argument \"\(name)\" of required type \"\(type)\" was provided the variable \"$\(variableName.value)\" which was not provided a runtime value.",
                        locations: [literal.loc], code: .badUserInput)
                }
                continue
            }
            isNull = value == .null
        }
        if isNull, type.isNonNull {
            throw GraphQLError(
                "Argument \"\(name)\" of non-null type \"\(type)\" must not be null.",
                locations: [literal.loc], code: .badUserInput)
        }
        guard let value = valueFromAST(literal, type: type, schema: schema, variables: variables) else {
            throw GraphQLError(
                "Argument \"\(name)\" has invalid value \(literal.printed).",
                locations: [literal.loc], code: .badUserInput)
        }
        coerced.appendUnique(name, value)
    }
    return coerced
}
