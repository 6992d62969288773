import FuzzSupport
@testable import HTTP1

// ChunkedDecoder over arbitrary bytes (a body after a `Transfer-Encoding: chunked` head).
// Invariants:
// - `consumed` is within the input, and all of it unless the body is complete;
// - the body stays within maxBodyBytes and is never longer than the bytes consumed;
// - whole, split where the input chooses, and byte by byte give the same body, consumed
//   count, completeness and error;
// - an accepted body is what a simple, lenient reading of the same bytes gives (size line,
//   data, CRLF; extensions and trailer lines skipped), ending at exactly the same byte:
//   the strict decoder never accepts something that means another thing;
// - after a complete body the decoder starts afresh: the rest decodes as with a new decoder.
// The input's last byte also chooses default or tiny limits.

let defaultLimits = HTTPLimits()
let tinyLimits = HTTPLimits(maxBodyBytes: 48, maxChunkExtensionBytes: 8, maxTrailerBytes: 24)

struct Outcome: Equatable {
    var body: [UInt8] = []
    var complete = false
    var consumed = 0
    var error: HTTPParseError?
}

func decode(_ bytes: UnsafeRawBufferPointer, cuts: [Int], limits: HTTPLimits, decoder: inout ChunkedDecoder) -> Outcome {
    var outcome = Outcome()
    for piece in Splits.pieces(bytes, cuts: cuts) {
        do {
            let (complete, consumed) = try decoder.decode(piece, into: &outcome.body, limits: limits)
            invariant(consumed >= 0 && consumed <= piece.count, "consumed \(consumed) of \(piece.count)")
            invariant(complete || consumed == piece.count, "incomplete but consumed \(consumed) of \(piece.count)")
            outcome.consumed += consumed
            invariant(outcome.body.count <= limits.maxBodyBytes, "\(outcome.body.count) body bytes")
            invariant(outcome.body.count <= outcome.consumed, "body longer than its encoding")
            if complete {
                outcome.complete = true
                return outcome
            }
        } catch {
            invariant([400, 413, 431].contains(error.status.code), "\(error) has status \(error.status.code)")
            // A throw reports no count: bytes consumed by earlier pieces do not count either.
            outcome.consumed = 0
            outcome.error = error
            return outcome
        }
    }
    return outcome
}

/// A lenient reading of a chunked body: returns the body and where it ends, or nil.
func lenientRead(_ bytes: UnsafeRawBufferPointer) -> (body: [UInt8], end: Int)? {
    var i = 0
    var body: [UInt8] = []
    func lineEnd(from start: Int) -> Int? {
        var j = start
        while j + 1 < bytes.count {
            if bytes[j] == 0x0D, bytes[j + 1] == 0x0A { return j }
            j += 1
        }
        return nil
    }
    while true {
        var size = 0
        var digits = 0
        while i < bytes.count, let digit = ASCII.hexValue(bytes[i]), digits < 16 {
            size = size << 4 | digit
            digits += 1
            i += 1
        }
        guard digits > 0, let end = lineEnd(from: i) else { return nil }
        i = end + 2
        if size == 0 { break }
        guard size <= bytes.count - i - 2 else { return nil }
        body.append(contentsOf: bytes[i..<(i + size)])
        i += size
        guard bytes[i] == 0x0D, bytes[i + 1] == 0x0A else { return nil }
        i += 2
    }
    while let end = lineEnd(from: i) {
        let empty = end == i
        i = end + 2
        if empty { return (body, i) }
    }
    return nil
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChunked(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let limits = count > 0 && bytes[count - 1] & 0x80 != 0 ? tinyLimits : defaultLimits
    var decoder = ChunkedDecoder()
    let whole = decode(bytes, cuts: [], limits: limits, decoder: &decoder)
    for cuts in [Splits.cuts(bytes), Splits.byteByByte(count)] {
        var fresh = ChunkedDecoder()
        let split = decode(bytes, cuts: cuts, limits: limits, decoder: &fresh)
        invariant(split == whole, "cut at \(cuts): \(split), whole: \(whole); input: \(describe(bytes))")
    }
    guard whole.complete else { return 0 }
    guard let reference = lenientRead(UnsafeRawBufferPointer(rebasing: bytes[..<whole.consumed])) else {
        fail("accepted a body a lenient reader rejects: \(describe(bytes[..<whole.consumed]))")
    }
    invariant(
        reference.body == whole.body && reference.end == whole.consumed,
        "lenient reading \(describe(reference.body)) ending at \(reference.end), decoder "
            + "\(describe(whole.body)) ending at \(whole.consumed)")
    // The decoder reset itself: the rest decodes as with a new decoder.
    let rest = UnsafeRawBufferPointer(rebasing: bytes[whole.consumed...])
    var again = ChunkedDecoder()
    let afresh = decode(rest, cuts: [], limits: limits, decoder: &again)
    let reused = decode(rest, cuts: [], limits: limits, decoder: &decoder)
    invariant(afresh == reused, "a reused decoder gave \(reused), a new one \(afresh)")
    return 0
}

@main
enum FuzzChunked {
    static func main() { runLibFuzzer(fuzzChunked) }
}
