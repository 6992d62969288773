/// Entity tags (RFC 9110 §8.8.3), pure: the ones a server sends and a
/// client keeps (the toggle refresher's `If-None-Match`), and the condition
/// `If-None-Match` (§13.1.2) as the GraphQL handler answers it.
///
///     entity-tag = [ weak ] opaque-tag
///     weak       = %s"W/"
///     opaque-tag = DQUOTE *etagc DQUOTE
///     etagc      = %x21 / %x23-7E / obs-text
package enum EntityTag {
    /// Longer than any server's hash-based tag; bounds what a client keeps per fetch.
    package static let maxBytes = 256

    /// The tag as text, or nil when `bytes` is not a valid entity-tag (a
    /// control character, a space, no quotes, over `maxBytes`): kept, a CR or
    /// LF would make every later request refuse to go out. obs-text
    /// (%x80-FF) is accepted only as valid UTF-8, so the tag is sent back
    /// byte for byte.
    package static func validated(_ bytes: some BidirectionalCollection<UInt8>) -> String? {
        guard bytes.count <= maxBytes, opaqueTag(bytes) != nil else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Elements of `If-None-Match` looked at; past it the rest are ignored
    /// (the answer is then a full `200`, never a wrong `304`).
    package static let maxCompared = 64

    /// Whether `If-None-Match` (its field lines) matches `tag` (a quoted
    /// entity tag, `"…"` or `W/"…"`): `*`, or any listed tag equal to it by
    /// the weak comparison (the opaque tags equal, `W/` ignored), as the
    /// condition requires. A malformed element matches nothing.
    package static func noneMatch(_ fieldLines: [String], matches tag: String) -> Bool {
        guard let wanted = opaque(Substring(tag)) else { return false }
        var compared = 0
        for line in fieldLines {
            for element in line.split(separator: ",", omittingEmptySubsequences: true) {
                compared += 1
                guard compared <= maxCompared else { return false }
                let trimmed = element.trimmingOWS
                if trimmed == "*" { return true }
                if let listed = opaque(trimmed), listed.utf8.elementsEqual(wanted.utf8) { return true }
            }
        }
        return false
    }

    /// The opaque tag of `W/"x"` or `"x"` (with its quotes), to compare as bytes; nil when malformed.
    static func opaque(_ tag: Substring) -> Substring? {
        guard let opaque = opaqueTag(tag.utf8) else { return nil }
        return Substring(opaque)
    }

    /// `bytes` without `W/`, when the rest is an opaque-tag.
    private static func opaqueTag<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence? {
        var opaque = bytes[...]
        if opaque.starts(with: "W/".utf8) { opaque = opaque.dropFirst(2) }
        guard opaque.count >= 2, opaque.first == UInt8(ascii: "\""), opaque.last == UInt8(ascii: "\"") else { return nil }
        guard opaque.dropFirst().dropLast().allSatisfy({ $0 == 0x21 || (0x23...0x7E).contains($0) || $0 >= 0x80 }) else { return nil }
        return opaque
    }
}
