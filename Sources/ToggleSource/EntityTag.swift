/// RFC 9110 §8.8.3, the one header value the refresher keeps and sends back:
///
///     entity-tag = [ weak ] opaque-tag
///     weak       = %s"W/"
///     opaque-tag = DQUOTE *etagc DQUOTE
///     etagc      = %x21 / %x23-7E / obs-text
///
/// Anything else (a control character, a space, no quotes, over `maxBytes`)
/// is dropped: stored, a CR or LF would make every later request refuse to
/// go out, and the toggles would stay stale.
package enum EntityTag {
    /// Longer than any server's hash-based tag; bounds what is kept per fetch.
    package static let maxBytes = 256

    /// The tag as text, or nil when `bytes` is not a valid entity-tag. obs-text
    /// (%x80-FF) is accepted only as valid UTF-8, so the tag is sent back byte for byte.
    package static func validated(_ bytes: some BidirectionalCollection<UInt8>) -> String? {
        guard bytes.count <= maxBytes else { return nil }
        var opaque = bytes[...]
        if opaque.starts(with: Array("W/".utf8)) { opaque = opaque.dropFirst(2) }
        guard opaque.count >= 2, opaque.first == UInt8(ascii: "\""), opaque.last == UInt8(ascii: "\"") else { return nil }
        let quoted = opaque.dropFirst().dropLast()
        guard quoted.allSatisfy({ $0 == 0x21 || (0x23...0x7E).contains($0) || $0 >= 0x80 }) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }
}
