/// Header fields in arrival order, duplicates kept; names compare case-insensitively.
package struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByDictionaryLiteral {
    package private(set) var fields: [(name: String, value: String)]

    package init() { fields = [] }
    package init(_ fields: [(name: String, value: String)]) { self.fields = fields }
    package init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    package var count: Int { fields.count }
    package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> { fields.makeIterator() }

    /// The first value of `name`, if present.
    package subscript(name: String) -> String? {
        fields.first { Self.equalNames($0.name, name) }?.value
    }

    /// Every value of `name`, in order. By index, so that only matching
    /// fields are copied: `filter` copied every field to test its name.
    package func values(_ name: String) -> [String] {
        var values: [String] = []
        for index in fields.indices where Self.equalNames(fields[index].name, name) {
            values.append(fields[index].value)
        }
        return values
    }

    package func contains(_ name: String) -> Bool { self[name] != nil }

    package mutating func add(_ name: String, _ value: String) { fields.append((name, value)) }

    /// Replaces every value of `name` with one.
    package mutating func set(_ name: String, _ value: String) {
        remove(name)
        fields.append((name, value))
    }

    package mutating func remove(_ name: String) { fields.removeAll { Self.equalNames($0.name, name) } }

    /// The elements of every `name` field's comma-separated list (RFC 9110 §5.6.1), trimmed of
    /// SP and HTAB and lowercased: the `Connection` tokens of a request or a handler's response.
    package func lowercasedListElements(_ name: String) -> [String] {
        values(name).flatMap { $0.split(separator: ",") }.map { $0.trimmingOWS.lowercased() }
    }

    /// ASCII case-insensitive comparison; header names are tokens (RFC 9110 §5.1).
    package static func equalNames(_ lhs: String, _ rhs: String) -> Bool {
        let a = lhs.utf8, b = rhs.utf8
        guard a.count == b.count else { return false }
        // Native strings compare over their bytes: a zip of the two views cost
        // about 50 instructions a byte, and names are compared on every request.
        if let equal = a.withContiguousStorageIfAvailable({ a in
            b.withContiguousStorageIfAvailable { b in
                for index in 0..<a.count where !sameLetter(a[index], b[index]) { return false }
                return true
            }
        }), let equal {
            return equal
        }
        for (x, y) in zip(a, b) where !sameLetter(x, y) { return false }
        return true
    }

    /// Equal bytes, or the same ASCII letter in either case.
    @inline(__always)
    private static func sameLetter(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= UInt8(ascii: "a") && (x | 0x20) <= UInt8(ascii: "z"))
    }

    package static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.fields.count == rhs.fields.count
            && zip(lhs.fields, rhs.fields).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }

    package func hash(into hasher: inout Hasher) {
        for field in fields {
            hasher.combine(field.name)
            hasher.combine(field.value)
        }
    }
}
