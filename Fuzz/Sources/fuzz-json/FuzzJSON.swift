import FuzzSupport
@testable import JSON

// JSONParser over arbitrary bytes. Invariants:
// - an error's offset lies within the input, and its message is not empty;
// - an accepted value survives the writer: parse(write(v)) == v, and write is a fixed point
//   (write(parse(write(v))) == write(v)), so what we answer is what we read;
// - the written form is bounded by the input (at most 6 bytes per input byte: `1e20` is
//   written as 21 digits, the worst expansion);
// - limits are monotonic: a value accepted at depth 4 is accepted, equal, at the default 64,
//   and a nesting deeper than the limit is always rejected.

let tightLimits = JSONLimits(maxDepth: 4)

/// The deepest nesting of arrays and objects in `value`.
func depth(_ value: JSONValue) -> Int {
    switch value {
    case .array(let elements): 1 + (elements.map(depth).max() ?? 0)
    case .object(let object): 1 + (object.members.map { depth($0.value) }.max() ?? 0)
    case .null, .bool, .int, .double, .string: 0
    }
}

/// The deepest nesting of `[` and `{` in JSON text, outside strings.
func textDepth(_ bytes: UnsafeRawBufferPointer) -> Int {
    var depth = 0, deepest = 0, inString = false, escaped = false
    for byte in bytes {
        if inString {
            if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            continue
        }
        switch byte {
        case UInt8(ascii: "\""): inString = true
        case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1; deepest = max(deepest, depth)
        case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
        default: break
        }
    }
    return deepest
}

/// `value` with every non-finite double replaced by null, as the writer writes it.
func finite(_ value: JSONValue) -> JSONValue {
    switch value {
    case .double(let number) where !number.isFinite: .null
    case .array(let elements): .array(elements.map(finite))
    case .object(let object): .object(JSONObject(object.members.map { ($0.key, finite($0.value)) }))
    case .null, .bool, .int, .double, .string: value
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let value: JSONValue
    do {
        value = try JSONParser.parse(bytes)
    } catch {
        invariant(error.offset >= 0 && error.offset <= count, "\(error) outside \(count) bytes")
        invariant(!error.description.isEmpty, "empty message")
        // Whatever the default limits reject, the tighter ones reject too.
        do {
            _ = try JSONParser.parse(bytes, limits: tightLimits)
            fail("accepted at depth 4, rejected at 64 with \(error)")
        } catch {}
        return 0
    }
    invariant(depth(value) <= JSONLimits().maxDepth, "accepted a nesting of \(depth(value))")

    let written = value.serialized
    invariant(written.count <= 6 * count + 8, "\(count) bytes written as \(written.count)")
    let reread: JSONValue
    do {
        reread = try JSONParser.parse(written)
    } catch {
        fail("the writer's output does not parse (\(error)): \(describe(written))")
    }
    // Numbers beyond Double's range parse as ±infinity and are written as null, as
    // JavaScript's JSON.parse and JSON.stringify do (GraphQL's Float rejects them).
    invariant(reread == finite(value), "round trip changed the value: \(describe(written))")
    invariant(reread.serialized == written, "the writer is not a fixed point: \(describe(written))")

    do {
        let tight = try JSONParser.parse(bytes, limits: tightLimits)
        invariant(tight == value, "the value depends on the depth limit")
    } catch {
        guard case .tooDeep = error else { fail("depth 4 rejected with \(error), not tooDeep") }
        // The text's nesting, not the value's: a duplicate key keeps only its
        // last value, which may be shallower than one it replaced.
        invariant(textDepth(bytes) > tightLimits.maxDepth, "tooDeep for a nesting of \(textDepth(bytes))")
    }
    return 0
}

@main
enum FuzzJSON {
    static func main() { runLibFuzzer(fuzzJSON) }
}
