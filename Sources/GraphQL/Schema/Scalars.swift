import JSON

// Spec §3.5 Scalars: input coercion (from variable JSON and from literals)
// and result coercion of the five specified scalars, with graphql-js 16's
// messages (type/scalars.ts). Custom scalars pass values through unchanged.

/// Why a value could not be coerced; the caller adds where it happened.
struct CoercionError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

private let maxInt = Int(Int32.max)
private let minInt = Int(Int32.min)

extension ScalarType {
    /// Input coercion of a variable's JSON value (graphql-js `parseValue`).
    func coerceInputValue(_ value: JSONValue) throws(CoercionError) -> JSONValue {
        switch name {
        case "Int":
            let integral: Int
            switch value {
            case .int(let number): integral = number
            case .double(let number):
                // JSON `1.0` is an integer to JavaScript.
                guard let exact = Int(exactly: number) else {
                    throw CoercionError("Int cannot represent non-integer value: \(inspect(value))")
                }
                integral = exact
            default: throw CoercionError("Int cannot represent non-integer value: \(inspect(value))")
            }
            guard (minInt...maxInt).contains(integral) else {
                throw CoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(value))")
            }
            return .int(integral)
        case "Float":
            switch value {
            case .int(let number): return .double(Double(number))
            case .double(let number) where number.isFinite: return .double(number)
            default: throw CoercionError("Float cannot represent non numeric value: \(inspect(value))")
            }
        case "String":
            guard case .string = value else {
                throw CoercionError("String cannot represent a non string value: \(inspect(value))")
            }
            return value
        case "Boolean":
            guard case .bool = value else {
                throw CoercionError("Boolean cannot represent a non boolean value: \(inspect(value))")
            }
            return value
        case "ID":
            switch value {
            case .string: return value
            case .int(let number): return .string(String(number))
            case .double(let number):
                if let exact = Int(exactly: number) { return .string(String(exact)) }
                throw CoercionError("ID cannot represent value: \(inspect(value))")
            default: throw CoercionError("ID cannot represent value: \(inspect(value))")
            }
        default:
            return value
        }
    }

    /// Input coercion of a literal that is not a variable (graphql-js `parseLiteral`).
    func coerceLiteral(_ literal: Value, variables: JSONObject) throws(CoercionError) -> JSONValue {
        switch name {
        case "Int":
            guard case .int(let text, _) = literal else {
                throw CoercionError("Int cannot represent non-integer value: \(literal.printed)")
            }
            guard let number = Int(text), (minInt...maxInt).contains(number) else {
                throw CoercionError("Int cannot represent non 32-bit signed integer value: \(text)")
            }
            return .int(number)
        case "Float":
            switch literal {
            case .int(let text, _), .float(let text, _):
                guard let number = Double(text) else {
                    throw CoercionError("Float cannot represent non numeric value: \(literal.printed)")
                }
                return .double(number)
            default: throw CoercionError("Float cannot represent non numeric value: \(literal.printed)")
            }
        case "String":
            guard case .string(let text, _, _) = literal else {
                throw CoercionError("String cannot represent a non string value: \(literal.printed)")
            }
            return .string(text)
        case "Boolean":
            guard case .boolean(let flag, _) = literal else {
                throw CoercionError("Boolean cannot represent a non boolean value: \(literal.printed)")
            }
            return .bool(flag)
        case "ID":
            switch literal {
            case .string(let text, _, _), .int(let text, _): return .string(text)
            default:
                throw CoercionError("ID cannot represent a non-string and non-integer value: \(literal.printed)")
            }
        default:
            return untypedValue(literal, variables: variables)
        }
    }

    /// Result coercion (graphql-js `serialize`).
    func serialize(_ value: JSONValue) throws(CoercionError) -> JSONValue {
        switch name {
        case "String":
            switch value {
            case .string: return value
            case .bool(let flag): return .string(flag ? "true" : "false")
            case .int(let number): return .string(String(number))
            case .double(let number) where number.isFinite: return .string(javaScriptNumber(number))
            default: throw CoercionError("String cannot represent value: \(inspect(value))")
            }
        case "ID":
            switch value {
            case .string: return value
            case .int(let number): return .string(String(number))
            case .double(let number):
                if let exact = Int(exactly: number) { return .string(String(exact)) }
                throw CoercionError("ID cannot represent value: \(inspect(value))")
            default: throw CoercionError("ID cannot represent value: \(inspect(value))")
            }
        case "Boolean":
            switch value {
            case .bool: return value
            case .int(let number): return .bool(number != 0)
            case .double(let number) where number.isFinite: return .bool(number != 0)
            default: throw CoercionError("Boolean cannot represent a non boolean value: \(inspect(value))")
            }
        case "Int":
            let number: Double
            switch value {
            case .int(let integral):
                guard (minInt...maxInt).contains(integral) else {
                    throw CoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(value))")
                }
                return value
            case .bool(let flag): return .int(flag ? 1 : 0)
            case .double(let double): number = double
            case .string(let text) where !text.isEmpty: number = Double(text) ?? .nan
            default: throw CoercionError("Int cannot represent non-integer value: \(inspect(value))")
            }
            guard let integral = Int(exactly: number) else {
                throw CoercionError("Int cannot represent non-integer value: \(inspect(value))")
            }
            guard (minInt...maxInt).contains(integral) else {
                throw CoercionError("Int cannot represent non 32-bit signed integer value: \(inspect(value))")
            }
            return .int(integral)
        case "Float":
            let number: Double
            switch value {
            case .int: return value
            case .bool(let flag): return .int(flag ? 1 : 0)
            case .double(let double): number = double
            case .string(let text) where !text.isEmpty: number = Double(text) ?? .nan
            default: throw CoercionError("Float cannot represent non numeric value: \(inspect(value))")
            }
            guard number.isFinite else {
                throw CoercionError("Float cannot represent non numeric value: \(inspect(value))")
            }
            return .double(number)
        default:
            return value
        }
    }
}

extension EnumType {
    /// Enum values travel as their names (`.string("URL")`).
    func coerceInputValue(_ value: JSONValue) throws(CoercionError) -> JSONValue {
        guard case .string(let text) = value else {
            throw CoercionError("Enum \"\(name)\" cannot represent non-string value: \(inspect(value)).")
        }
        guard self.value(named: text) != nil else {
            throw CoercionError("Value \"\(text)\" does not exist in \"\(name)\" enum.")
        }
        return value
    }

    func coerceLiteral(_ literal: Value) throws(CoercionError) -> JSONValue {
        guard case .enumValue(let text, _) = literal else {
            throw CoercionError("Enum \"\(name)\" cannot represent non-enum value: \(literal.printed).")
        }
        guard value(named: text) != nil else {
            throw CoercionError("Value \"\(text)\" does not exist in \"\(name)\" enum.")
        }
        return .string(text)
    }

    func serialize(_ value: JSONValue) throws(CoercionError) -> JSONValue {
        if case .string(let text) = value, self.value(named: text) != nil { return value }
        throw CoercionError("Enum \"\(name)\" cannot represent value: \(inspect(value))")
    }
}

/// graphql-js `valueFromASTUntyped`, for custom scalars' literals.
func untypedValue(_ literal: Value, variables: JSONObject) -> JSONValue {
    switch literal {
    case .variable(let name, _): return variables[name.value] ?? .null
    case .int(let text, _): return Int(text).map(JSONValue.int) ?? .double(Double(text) ?? .nan)
    case .float(let text, _): return .double(Double(text) ?? .nan)
    case .string(let text, _, _), .enumValue(let text, _): return .string(text)
    case .boolean(let flag, _): return .bool(flag)
    case .null: return .null
    case .list(let items, _): return .array(items.map { untypedValue($0, variables: variables) })
    case .object(let fields, _):
        return .object(JSONObject(fields.map { (key: $0.name.value, value: untypedValue($0.value, variables: variables)) }))
    }
}
