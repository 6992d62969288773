/// Writes JSON as bytes, appending to a caller's buffer, so that a GraphQL
/// response goes from values to the wire without intermediate Strings.
///
/// Output is what JavaScript's `JSON.stringify` produces: no whitespace;
/// strings escape `"`, `\` and control characters (`\b \f \n \r \t`, else
/// `\u00XX`) and keep everything else as UTF-8; doubles are written like
/// JavaScript numbers (`1.0` as `1`, `1e21`, `1.5e-7`); non-finite doubles,
/// which JSON cannot express, as `null` (as `JSON.stringify` does).
package enum JSONWriter {
    /// `sortingKeys`: object members in the order of their names' UTF-8
    /// bytes, at every depth (a canonical form, as for a cache key), instead
    /// of their order in the value.
    package static func write(_ value: JSONValue, sortingKeys: Bool = false, into buffer: inout [UInt8]) {
        switch value {
        case .null: buffer.append(contentsOf: "null".utf8)
        case .bool(let flag): buffer.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .int(let number): writeInt(number, into: &buffer)
        case .double(let number): writeDouble(number, into: &buffer)
        case .string(let string): writeString(string, into: &buffer)
        case .array(let elements):
            buffer.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                write(element, sortingKeys: sortingKeys, into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .object(let object):
            buffer.append(UInt8(ascii: "{"))
            let members = sortingKeys
                ? object.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
                : object.members
            for (position, member) in members.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                writeString(member.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                write(member.value, sortingKeys: sortingKeys, into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Appends `string` quoted and escaped (`JSONEscape`).
    package static func writeString(_ string: String, into buffer: inout [UInt8]) {
        var string = string
        string.withUTF8 { bytes in
            buffer.reserveCapacity(buffer.count + bytes.count + 2)
            buffer.append(UInt8(ascii: "\""))
            JSONEscape.appendEscaped(bytes, to: &buffer)
            buffer.append(UInt8(ascii: "\""))
        }
    }

    /// Decimal digits written straight into the buffer (no String on the hot path).
    static func writeInt(_ number: Int, into buffer: inout [UInt8]) {
        if number < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        var count = 1
        var rest = magnitude
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        buffer.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var position = buffer.count - 1
        repeat {
            buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        } while magnitude > 0
    }

    static func writeDouble(_ number: Double, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: JavaScriptNumber.format(number).utf8)
    }
}

extension JSONValue {
    /// The value as JSON bytes (`JSONWriter.write`).
    package var serialized: [UInt8] {
        var buffer: [UInt8] = []
        JSONWriter.write(self, into: &buffer)
        return buffer
    }
}
