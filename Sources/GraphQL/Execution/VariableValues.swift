import JSON

/// A variable definition with what coercion looks up, worked out once per
/// prepared document instead of once per request.
struct VariablePlan: Sendable {
    let definition: VariableDefinition
    let name: String
    let type: TypeReference
    let namedType: NamedType?

    init(_ definition: VariableDefinition, schema: Schema) {
        self.definition = definition
        self.name = definition.variable.value
        self.type = definition.type.typeReference
        self.namedType = schema.type(named: type.namedType)
    }

    /// The scalar of a `T` or `T!` variable, whose value needs no walk of the type.
    var plainScalar: ScalarType? {
        switch type {
        case .named, .nonNull(.named):
            if case .scalar(let scalar) = namedType { return scalar }
            return nil
        case .list, .nonNull:
            return nil
        }
    }
}

/// Spec §6.4.1 CoerceVariableValues(schema, operation, variableValues).
///
/// Errors are request errors (code `BAD_USER_INPUT`) located at the variable
/// definition, worded as graphql-js 16 words them (execution/values.ts).
func coerceVariableValues(
    schema: Schema, definitions: [VariableDefinition], inputs: JSONObject, maxErrors: Int = 50
) -> (values: JSONObject, errors: [GraphQLError]) {
    coerceVariableValues(
        schema: schema, plans: definitions.map { VariablePlan($0, schema: schema) }, inputs: inputs, maxErrors: maxErrors)
}

func coerceVariableValues(
    schema: Schema, plans: [VariablePlan], inputs: JSONObject, maxErrors: Int = 50
) -> (values: JSONObject, errors: [GraphQLError]) {
    var coerced = JSONObject()
    coerced.reserveCapacity(plans.count)
    var errors: [GraphQLError] = []
    func report(_ message: String, _ definition: VariableDefinition) -> Bool {
        if errors.count >= maxErrors {
            errors.append(GraphQLError(
                "Too many errors processing variables, error limit reached. Execution aborted.", code: .badUserInput))
            return false
        }
        errors.append(GraphQLError(message, locations: [definition.loc], code: .badUserInput))
        return true
    }

    for plan in plans {
        let definition = plan.definition
        let name = plan.name
        let type = plan.type
        guard let namedType = plan.namedType, namedType.isInputType else {
            let message = "Variable \"$\(name)\" expected value of type \"\(type)\" which cannot be used as an input type."
            if report(message, definition) { continue } else { break }
        }
        guard let value = inputs[name] else {
            if let defaultLiteral = definition.defaultValue {
                if let value = valueFromAST(defaultLiteral, type: type, schema: schema, variables: JSONObject()) {
                    coerced.appendUnique(name, value)
                }
            } else if type.isNonNull {
                if !report("Variable \"$\(name)\" of required type \"\(type)\" was not provided.", definition) { break }
            }
            continue
        }
        if value == .null, type.isNonNull {
            if !report("Variable \"$\(name)\" of non-null type \"\(type)\" must not be null.", definition) { break }
            continue
        }
        // The common case, a valid scalar: no walk of the type, no problem list.
        if value != .null, let scalar = plan.plainScalar, let result = try? scalar.coerceInputValue(value) {
            coerced.appendUnique(name, result)
            continue
        }
        var problems: [InputCoercionProblem] = []
        var path: [PathComponent] = []
        let result = coerceInputValue(value, type: type, schema: schema, path: &path, problems: &problems)
        guard problems.isEmpty else {
            var keepGoing = true
            for problem in problems where keepGoing {
                var message = "Variable \"$\(name)\" got invalid value \(inspect(problem.value))"
                if !problem.path.isEmpty { message += " at \"\(name)\(printPath(problem.path))\"" }
                keepGoing = report(message + "; " + problem.message, definition)
            }
            if keepGoing { continue } else { break }
        }
        coerced.appendUnique(name, result)
    }
    return (coerced, errors)
}

struct InputCoercionProblem {
    var path: [PathComponent]
    var value: JSONValue
    var message: String
}

/// graphql-js `coerceInputValue` for the input types this engine has
/// (scalars, enums and their list / non-null wrappers).
func coerceInputValue(
    _ value: JSONValue, type: TypeReference, schema: Schema,
    path: inout [PathComponent], problems: inout [InputCoercionProblem]
) -> JSONValue {
    switch type {
    case .nonNull(let inner):
        if value == .null {
            problems.append(InputCoercionProblem(
                path: path, value: value, message: "Expected non-nullable type \"\(type)\" not to be null."))
            return .null
        }
        return coerceInputValue(value, type: inner, schema: schema, path: &path, problems: &problems)
    case .list(let itemType):
        if value == .null { return .null }
        guard case .array(let items) = value else {
            // Spec §3.11 List input coercion: a single value becomes a list of one.
            return .array([coerceInputValue(value, type: itemType, schema: schema, path: &path, problems: &problems)])
        }
        var result: [JSONValue] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            path.append(.index(index))
            result.append(coerceInputValue(item, type: itemType, schema: schema, path: &path, problems: &problems))
            path.removeLast()
        }
        return .array(result)
    case .named(let name):
        if value == .null { return .null }
        do throws(CoercionError) {
            switch schema.type(named: name) {
            case .scalar(let scalar): return try scalar.coerceInputValue(value)
            case .enumeration(let enumeration): return try enumeration.coerceInputValue(value)
            case .object, nil: throw CoercionError("Expected type \"\(name)\".")
            }
        } catch {
            problems.append(InputCoercionProblem(path: path, value: value, message: error.message))
            return .null
        }
    }
}

/// graphql-js `printPathArray`: `[0].name`.
func printPath(_ path: [PathComponent]) -> String {
    path.map { component in
        switch component {
        case .key(let key): ".\(key)"
        case .index(let index): "[\(index)]"
        }
    }.joined()
}
