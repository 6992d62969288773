import Locking

/// An RFC 8259 parser, strict on purpose: no comments, trailing commas,
/// single quotes, leading zeros, `NaN`/`Infinity`, BOM or invalid UTF-8.
///
/// - Duplicate keys: the last value wins, at the first key's position, as
///   JavaScript's `JSON.parse` does.
/// - Numbers: a number whose value is integral and fits `Int` is `.int`
///   (`1`, `1.0`, `1e2`; JavaScript cannot tell them apart either); any other
///   is `.double`.
package enum JSONParser {
    package static func parse(_ bytes: [UInt8], limits: JSONLimits = JSONLimits()) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) -> JSONValue in try parse(buffer, limits: limits) }
        }
        return try result.get()
    }

    package static func parse(_ text: String, limits: JSONLimits = JSONLimits()) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8), limits: limits)
    }

    package static func parse(
        _ buffer: UnsafeRawBufferPointer, limits: JSONLimits = JSONLimits()
    ) throws(JSONParseError) -> JSONValue {
        guard buffer.count <= limits.maxBytes else {
            throw .tooLarge(maxBytes: limits.maxBytes, size: buffer.count)
        }
        var reader = JSONReader(bytes: buffer, maxDepth: limits.maxDepth)
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.index == buffer.count else { throw .trailingData(offset: reader.index) }
        return value
    }
}

/// The cursor over one input; lives only inside `JSONParser.parse`.
struct JSONReader {
    let bytes: UnsafeRawBufferPointer
    let maxDepth: Int
    var index = 0

    init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// `ws = *( %x20 / %x09 / %x0A / %x0D )`
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    func peek() throws(JSONParseError) -> UInt8 {
        guard index < bytes.count else { throw .unexpectedEndOfInput(offset: index) }
        return bytes[index]
    }

    /// `value = false / null / true / object / array / number / string`
    mutating func readValue(depth: Int) throws(JSONParseError) -> JSONValue {
        let byte = try peek()
        switch byte {
        case UInt8(ascii: "{"): return try readObject(depth: depth + 1)
        case UInt8(ascii: "["): return try readArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): try readLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try readLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try readLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw .unexpectedByte(byte, offset: index)
        }
    }

    private mutating func readLiteral(_ literal: StaticString) throws(JSONParseError) {
        let pointer = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            let byte = try peek()
            guard byte == pointer[offset] else { throw .unexpectedByte(byte, offset: index) }
            index += 1
        }
    }

    /// `array = begin-array [ value *( value-separator value ) ] end-array`
    private mutating func readArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(maxDepth: maxDepth, offset: index) }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth))
            skipWhitespace()
            let byte = try peek()
            index += 1
            if byte == UInt8(ascii: "]") { return .array(elements) }
            guard byte == UInt8(ascii: ",") else { throw .unexpectedByte(byte, offset: index - 1) }
        }
    }

    /// `object = begin-object [ member *( value-separator member ) ] end-object`
    /// `member = string name-separator value`
    private mutating func readObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= maxDepth else { throw .tooDeep(maxDepth: maxDepth, offset: index) }
        index += 1
        var members = ObjectBuilder()
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            return .object(members.object)
        }
        while true {
            skipWhitespace()
            let quote = try peek()
            guard quote == UInt8(ascii: "\"") else { throw .unexpectedByte(quote, offset: index) }
            let key = try readString()
            skipWhitespace()
            let colon = try peek()
            guard colon == UInt8(ascii: ":") else { throw .unexpectedByte(colon, offset: index) }
            index += 1
            skipWhitespace()
            members.set(key, try readValue(depth: depth))
            skipWhitespace()
            let byte = try peek()
            index += 1
            if byte == UInt8(ascii: "}") { return .object(members.object) }
            guard byte == UInt8(ascii: ",") else { throw .unexpectedByte(byte, offset: index - 1) }
        }
    }
}

/// Collects an object's members with last-wins duplicates in linear time:
/// small objects scan, larger ones keep an index (a hostile body with
/// thousands of keys must not cost a quadratic scan). Keys are the same
/// only byte for byte, as `JSON.parse` takes them.
private struct ObjectBuilder {
    private var members: [(key: String, value: JSONValue)] = []
    private var positions: [UTF8Key: Int]? = nil
    private static let indexThreshold = 16

    mutating func set(_ key: String, _ value: JSONValue) {
        let position = positions.map { $0[UTF8Key(key)] } ?? members.firstIndex { UTF8Key($0.key) == UTF8Key(key) }
        if let position {
            members[position].value = value
            return
        }
        members.append((key, value))
        if positions != nil {
            positions?[UTF8Key(key)] = members.count - 1
        } else if members.count > Self.indexThreshold {
            var index: [UTF8Key: Int] = [:]
            for (position, member) in members.enumerated() { index[UTF8Key(member.key)] = position }
            positions = index
        }
    }

    var object: JSONObject {
        var object = JSONObject()
        for member in members { object.appendUnique(member.key, member.value) }
        return object
    }
}
