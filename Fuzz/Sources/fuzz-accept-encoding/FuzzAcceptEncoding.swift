import FuzzSupport
@testable import HTTP1

// ContentCoding.preferred over arbitrary bytes: the input's lines (split at LF) are the
// `Accept-Encoding` field lines, and its last byte picks what the server offers (a subset of
// br, gzip and identity, in one of six orders). Invariants:
// - no trap, whatever the bytes;
// - the answer is one of the offered codings, or nil;
// - a coding refused with q=0 (named, or by `*;q=0` without being named; identity only by
//   those) among the first 64 elements is never chosen;
// - the answer equals an independent model's: RFC 9110 §12.5.3 read with whole-array
//   operations (split, trim, compare) over the bytes, where the code scans indices once;
// - the lines joined by commas into one line give the same answer (RFC 9110 §5.3).

let orders: [[ContentCoding]] = [
    [.br, .gzip, .identity], [.br, .identity, .gzip], [.gzip, .br, .identity],
    [.gzip, .identity, .br], [.identity, .br, .gzip], [.identity, .gzip, .br],
]

func offered(_ selector: UInt8) -> [ContentCoding] {
    let order = orders[Int(selector >> 3) % orders.count]
    let mask = selector & 0x07
    return order.filter { coding in
        switch coding {
        case .br: mask & 1 != 0
        case .gzip: mask & 2 != 0
        case .identity: mask & 4 != 0
        }
    }
}

let tokenBytes = Set(Array("!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8))

func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var result = bytes
    while let first = result.first, first == 0x20 || first == 0x09 { result = result.dropFirst() }
    while let last = result.last, last == 0x20 || last == 0x09 { result = result.dropLast() }
    return result
}

/// An element's coding (lowercased, x-gzip as gzip) and weight in thousandths, or nil when
/// the element does not follow `codings [ OWS ";" OWS "q" BWS "=" BWS qvalue ]`.
func modelElement(_ element: ArraySlice<UInt8>) -> (name: String, weight: Int)? {
    let parts = element.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    let coding = trimmed(parts[0])
    guard !coding.isEmpty, coding.allSatisfy(tokenBytes.contains), parts.count <= 2 else { return nil }
    var name = String(decoding: coding, as: UTF8.self).lowercased()
    if name == "x-gzip" { name = "gzip" }
    guard parts.count == 2 else { return (name, 1000) }
    let parameter = trimmed(parts[1])
    guard parameter.first == UInt8(ascii: "q") || parameter.first == UInt8(ascii: "Q") else { return nil }
    let afterName = trimmed(parameter.dropFirst())
    guard afterName.first == UInt8(ascii: "=") else { return nil }
    let text = String(decoding: trimmed(afterName.dropFirst()), as: UTF8.self)
    let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
    let fraction = pieces.count == 2 ? pieces[1] : ""
    guard fraction.count <= 3, fraction.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
    if whole == "1" {
        guard fraction.allSatisfy({ $0 == "0" }) else { return nil }
        return (name, 1000)
    }
    let padded = fraction + String(repeating: "0", count: 3 - fraction.count)
    return (name, Int(padded) ?? -1)
}

/// The weights named in the first 64 elements (the lowest of duplicates).
func modelWeights(_ lines: [[UInt8]]) -> [String: Int] {
    let elements = lines.flatMap { $0.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) }.prefix(64)
    var weights: [String: Int] = [:]
    for element in elements.map(trimmed) where !element.isEmpty {
        guard let (name, weight) = modelElement(element) else { continue }
        weights[name] = min(weights[name] ?? weight, weight)
    }
    return weights
}

/// A coding's weight in thousandths, -1 for identity accepted by default, nil when refused.
func modelWeight(_ coding: ContentCoding, _ weights: [String: Int]) -> Int? {
    switch weights[coding.rawValue] ?? weights["*"] {
    case 0?: nil
    case let weight?: weight
    case nil: coding == .identity ? -1 : nil
    }
}

func model(_ lines: [[UInt8]], offered: [ContentCoding]) -> ContentCoding? {
    let weights = modelWeights(lines)
    let acceptable = offered.compactMap { coding in modelWeight(coding, weights).map { (coding, $0) } }
    // The first of the highest: max(by:) keeps the first of equals.
    return acceptable.max { $0.1 < $1.1 }?.0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAcceptEncoding(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    let server = offered(bytes.last ?? 0)
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { Array($0) }
    // As the server's headers hold them: text, with invalid UTF-8 replaced.
    let strings = lines.map { String(decoding: $0, as: UTF8.self) }
    let answer = ContentCoding.preferred(strings, offered: server)

    invariant(answer.map(server.contains) ?? true, "\(String(describing: answer)) not offered in \(server)")
    let textLines = strings.map { Array($0.utf8) }
    let weights = modelWeights(textLines)
    if let answer {
        invariant(modelWeight(answer, weights) != nil, "chose \(answer), refused by \(weights): \(describe(bytes))")
    }
    let expected = model(textLines, offered: server)
    invariant(answer == expected, "chose \(String(describing: answer)), the model \(String(describing: expected)) (offered \(server)): \(describe(bytes))")
    let joined = ContentCoding.preferred([strings.joined(separator: ",")], offered: server)
    invariant(joined == answer, "one line gives \(String(describing: joined)), \(lines.count) lines \(String(describing: answer))")
    return 0
}

@main
enum FuzzAcceptEncoding {
    static func main() { runLibFuzzer(fuzzAcceptEncoding) }
}
