// graphql-js `print()` for values and type references; validation compares
// argument values by their printed form (OverlappingFieldsCanBeMergedRule).

extension Value {
    /// The value as graphql-core 3.2 `print_ast` writes it: `[1, 2]`, `{a: "x"}`, `$id`.
    package var printed: String {
        switch self {
        case .variable(let name, _): "$" + name.value
        case .int(let text, _), .float(let text, _): text
        case .string(let value, let block, _): block ? BlockString.print(value) : printString(value)
        case .boolean(let value, _): value ? "true" : "false"
        case .null: "null"
        case .enumValue(let name, _): name
        case .list(let values, _): "[" + values.map(\.printed).joined(separator: ", ") + "]"
        case .object(let fields, _):
            "{" + fields.map { $0.name.value + ": " + $0.value.printed }.joined(separator: ", ") + "}"
        }
    }
}

extension TypeNode {
    /// `String`, `[ID!]!`.
    package var printed: String {
        switch self {
        case .named(let name): name.value
        case .list(let inner, _): "[" + inner.printed + "]"
        case .nonNull(let inner, _): inner.printed + "!"
        }
    }
}

/// graphql-js `printString`: a StringValue literal, escaping `"`, `\`, and
/// the control characters U+0000–U+001F and U+007F–U+009F.
func printString(_ value: String) -> String {
    var result = "\""
    for scalar in value.unicodeScalars {
        switch scalar.value {
        case 0x22: result += "\\\""
        case 0x5C: result += "\\\\"
        case 0x08: result += "\\b"
        case 0x09: result += "\\t"
        case 0x0A: result += "\\n"
        case 0x0C: result += "\\f"
        case 0x0D: result += "\\r"
        case 0x00...0x1F, 0x7F...0x9F:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
