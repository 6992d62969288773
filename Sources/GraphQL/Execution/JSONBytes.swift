import JSON

// Writing JSON straight into the response buffer: the executor's hot path
// appends bytes as it completes values instead of building a `JSONValue` tree.
//
// These writers deliberately duplicate `JSONWriter`'s walk over values rather
// than call it: they write into the non-copyable `ResponseBuffer` with one
// capacity check per string and a fused word-at-a-time scan-and-copy
// (`appendUncheckedPlainPrefix`), which `JSONWriter`'s `[UInt8]` appends
// cannot match, and they must inline into the executor. What follows a
// string's plain prefix is escaped by the one shared `JSONEscape`, doubles
// that are not small integers are formatted by the one shared
// `JavaScriptNumber`, and the output is the same bytes as `JSONWriter`'s
// (checked by `JSONBytesTests`).
extension ResponseBuffer: JSONOutput {}

extension ResponseBuffer {
    /// A JSON string literal with the escapes of RFC 8259 §7 (control
    /// characters, quote and backslash), as `JSON.stringify` writes them.
    @inline(__always)
    mutating func appendJSONString(_ string: String) {
        // Native strings (and small ones) are contiguous: no copy of the string.
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { appendJSONString(utf8: $0) }
        if written == nil {
            var copy = string
            copy.withUTF8 { appendJSONString(utf8: $0) }
        }
    }

    mutating func appendJSONString(utf8: UnsafeBufferPointer<UInt8>) {
        // One capacity check for the quotes and a string that needs no escape.
        reserve(utf8.count &+ 2)
        appendUnchecked(UInt8(ascii: "\""))
        let plain = appendUncheckedPlainPrefix(utf8)
        if plain < utf8.count {
            JSONEscape.appendEscaped(UnsafeBufferPointer(rebasing: utf8[plain...]), to: &self)
            append(UInt8(ascii: "\""))
        } else {
            appendUnchecked(UInt8(ascii: "\""))
        }
    }

    /// Decimal digits, as JavaScript prints an integer.
    mutating func appendJSONInt(_ value: Int) {
        // 20 digits and a sign hold any Int.
        reserve(21)
        if value == 0 {
            appendUnchecked(UInt8(ascii: "0"))
            return
        }
        if value < 0 { appendUnchecked(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = count
        while magnitude > 0 {
            appendUnchecked(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        }
        reverseTail(from: start)
    }

    /// Finite doubles only (callers check); integral values print as
    /// JavaScript prints them, without a fraction (`1`, not `1.0`).
    mutating func appendJSONDouble(_ value: Double) {
        if let integral = Int(exactly: value), integral.magnitude < 1 << 53 {
            appendJSONInt(integral)
        } else {
            var text = JavaScriptNumber.format(value)
            text.withUTF8 { append($0) }
        }
    }

    mutating func appendJSON(_ value: JSONValue) {
        switch value {
        case .null: appendASCII("null")
        case .bool(let flag): flag ? appendASCII("true") : appendASCII("false")
        case .int(let number): appendJSONInt(number)
        case .double(let number):
            if number.isFinite { appendJSONDouble(number) } else { appendASCII("null") }
        case .string(let text): appendJSONString(text)
        case .array(let items):
            append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendJSON(item)
            }
            append(UInt8(ascii: "]"))
        case .object(let object):
            append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { append(UInt8(ascii: ",")) }
                appendJSONString(member.key)
                append(UInt8(ascii: ":"))
                appendJSON(member.value)
            }
            append(UInt8(ascii: "}"))
        }
    }

    /// Drops everything written since `offset` and writes `null` instead:
    /// how a failed value becomes null in place (spec §6.4.4).
    @inline(__always)
    mutating func replaceTail(from offset: Int) {
        truncate(to: offset)
        appendASCII("null")
    }
}
