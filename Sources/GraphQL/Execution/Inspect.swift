import JSON

// graphql-js quotes runtime (JSON) values in messages with `inspect`;
// document literals use `Value.printed` (Language/Printer.swift).

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
    return JavaScriptNumber.format(number)
}

func jsonQuoted(_ text: String) -> String {
    var bytes: [UInt8] = []
    JSONWriter.writeString(text, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
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
