import Locking

/// A JSON value. Objects keep their members in order, because GraphQL
/// responses are ordered maps and request variables are read in order.
/// Strings and keys are equal only byte for byte (`UTF8Key`), as in
/// JavaScript: `"\u{212A}"` (KELVIN SIGN) is not the key `"K"`.
package enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// An integral number that fits `Int` (JSON `1`, `-3`).
    case int(Int)
    /// Any other number (JSON `1.5`, `1e3`, integers beyond `Int`).
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let left), .bool(let right)): left == right
        case (.int(let left), .int(let right)): left == right
        case (.double(let left), .double(let right)): left == right
        case (.string(let left), .string(let right)): UTF8Key(left) == UTF8Key(right)
        case (.array(let left), .array(let right)): left == right
        case (.object(let left), .object(let right)): left == right
        default: false
        }
    }
}

/// An ordered JSON object. Duplicate keys are not stored twice: the parser
/// keeps the last value, as JavaScript's `JSON.parse` does.
package struct JSONObject: Sendable, Hashable {
    package private(set) var members: [(key: String, value: JSONValue)]

    package init() { members = [] }

    package init(_ members: [(key: String, value: JSONValue)]) {
        self.members = []
        self.members.reserveCapacity(members.count)
        for member in members { self[member.key] = member.value }
    }

    package var count: Int { members.count }
    package var isEmpty: Bool { members.isEmpty }
    package var keys: [String] { members.map(\.key) }

    /// Linear lookup: GraphQL objects are small, and order matters more than O(1).
    package subscript(key: String) -> JSONValue? {
        get { members.first(where: { UTF8Key($0.key) == UTF8Key(key) })?.value }
        set {
            if let index = members.firstIndex(where: { UTF8Key($0.key) == UTF8Key(key) }) {
                if let newValue { members[index].value = newValue } else { members.remove(at: index) }
            } else if let newValue {
                members.append((key, newValue))
            }
        }
    }

    package mutating func reserveCapacity(_ capacity: Int) {
        members.reserveCapacity(capacity)
    }

    /// Appends without looking for an existing key; for builders that know keys are unique.
    package mutating func appendUnique(_ key: String, _ value: JSONValue) {
        members.append((key, value))
    }

    package static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { UTF8Key($0.key) == UTF8Key($1.key) && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(members.count)
        for member in members {
            hasher.combine(member.key)
            hasher.combine(member.value)
        }
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.map { (key: $0.0, value: $0.1) })
    }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    package init(nilLiteral: ()) { self = .null }
    package init(booleanLiteral value: Bool) { self = .bool(value) }
    package init(integerLiteral value: Int) { self = .int(value) }
    package init(floatLiteral value: Double) { self = .double(value) }
    package init(stringLiteral value: String) { self = .string(value) }
    package init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    package init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements.map { (key: $0.0, value: $0.1) }))
    }
}
