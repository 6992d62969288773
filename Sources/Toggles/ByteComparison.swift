/// Targeting compares UTF-8 bytes, never `String`'s Unicode canonical
/// equivalence: the NFD spelling of an NFC-targeted user id is another id
/// to the stores (they compare TEXT byte by byte) and to Unleash's own SDKs
/// (they compare code units), so it must not get that user's toggles.
/// Between valid UTF-8 strings a byte prefix, suffix or infix is also a
/// code-point (and UTF-16 code-unit) one: UTF-8 never starts a scalar inside another.
extension StringProtocol {
    func hasSameBytes(as other: some StringProtocol) -> Bool {
        utf8.elementsEqual(other.utf8)
    }

    func hasBytePrefix(_ prefix: some StringProtocol) -> Bool {
        utf8.starts(with: prefix.utf8)
    }

    func hasByteSuffix(_ suffix: some StringProtocol) -> Bool {
        let count = suffix.utf8.count
        return utf8.count >= count && utf8.suffix(count).elementsEqual(suffix.utf8)
    }

    /// `needle`'s bytes anywhere in these: at most (count − needle's + 1) ×
    /// needle's comparisons, as `String.contains` took, and no copy of either.
    func containsBytes(_ needle: some StringProtocol) -> Bool {
        let pattern = needle.utf8
        guard let first = pattern.first else { return true }
        var rest = utf8[...]
        while let found = rest.firstIndex(of: first) {
            if rest[found...].starts(with: pattern) { return true }
            rest = rest[rest.index(after: found)...]
        }
        return false
    }
}

extension Sequence where Element: StringProtocol {
    /// Whether one of these strings is `value`'s bytes.
    func containsBytes(of value: some StringProtocol) -> Bool {
        contains { $0.hasSameBytes(as: value) }
    }
}
