import JSON

// The two ways graphql-js quotes values in messages: `inspect` for runtime
// (JSON) values and `print` for document literals and type nodes.

/// graphql-js `inspect` (jsutils/inspect.ts): strings JSON-quoted, objects as
/// `{ key: value }`, nesting past two levels elided, lists past ten items cut.
func inspect(_ value: JSONValue) -> String {
    inspect(value, depth: 0)
}

private let maxInspectDepth = 2
private let maxInspectItems = 10

private func inspect(_ value: JSONValue, depth: Int) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return javaScriptNumber(number)
    case .string(let text): return jsonQuoted(text)
    case .array(let items):
        if items.isEmpty { return "[]" }
        if depth >= maxInspectDepth { return "[Array]" }
        var parts = items.prefix(maxInspectItems).map { inspect($0, depth: depth + 1) }
        if items.count > maxInspectItems {
            let remaining = items.count - maxInspectItems
            parts.append(remaining == 1 ? "... 1 more item" : "... \(remaining) more items")
        }
        return "[" + parts.joined(separator: ", ") + "]"
    case .object(let object):
        if object.isEmpty { return "{}" }
        if depth >= maxInspectDepth { return "[Object]" }
        let parts = object.members.map { "\($0.key): \(inspect($0.value, depth: depth + 1))" }
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}

/// JavaScript's `String(number)` for the numbers JSON can carry.
func javaScriptNumber(_ number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    if let integral = Int(exactly: number), integral.magnitude < 1 << 53 { return String(integral) }
    return number.description
}

func jsonQuoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    bytes.appendJSONString(text)
    return String(decoding: bytes, as: UTF8.self)
}

/// graphql-js `print` for a value literal (language/printer.ts).
func printLiteral(_ value: Value) -> String {
    switch value {
    case .variable(let name, _): return "$" + name.value
    case .int(let text, _), .float(let text, _), .enumValue(let text, _): return text
    case .string(let text, _, _): return printString(text)
    case .boolean(let flag, _): return flag ? "true" : "false"
    case .null: return "null"
    case .list(let items, _): return "[" + items.map(printLiteral).joined(separator: ", ") + "]"
    case .object(let fields, _):
        return "{" + fields.map { "\($0.name.value): \(printLiteral($0.value))" }.joined(separator: ", ") + "}"
    }
}

/// graphql-js `printString`: escapes C0 and C1 controls, quote and backslash.
func printString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\u{08}": result += "\\b"
        case "\t": result += "\\t"
        case "\n": result += "\\n"
        case "\u{0C}": result += "\\f"
        case "\r": result += "\\r"
        default:
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }
    return result + "\""
}

extension TypeNode {
    /// The schema-side reference this node names (spec §2.11 Type References).
    var typeReference: TypeReference {
        switch self {
        case .named(let name): .named(name.value)
        case .list(let inner, _): .list(inner.typeReference)
        case .nonNull(let inner, _): .nonNull(inner.typeReference)
        }
    }
}
