/// Whether bytes contain an ASCII literal, scanned as bytes: for the
/// questions asked of every request (a body that mentions `mutation`, an
/// `Accept` that names `deferSpec`), where `String.contains` built a search
/// table each time.
enum ByteSearch {
    /// `needle` in `bytes`; with `ignoringCase`, `needle` is lowercase and
    /// ASCII letters of `bytes` are compared lowercased.
    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, ignoringCase: Bool = false) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        guard bytes.count >= pattern.count else { return false }
        func fold(_ byte: UInt8) -> UInt8 { ignoringCase && byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        for start in 0...(bytes.count - pattern.count) where fold(bytes[start]) == first {
            if (1..<pattern.count).allSatisfy({ fold(bytes[start + $0]) == pattern[$0] }) { return true }
        }
        return false
    }

    /// `needle` in `text`'s UTF-8 bytes.
    static func contains(_ text: String, _ needle: StaticString, ignoringCase: Bool = false) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { contains($0, needle, ignoringCase: ignoringCase) }
            ?? Array(text.utf8).withUnsafeBufferPointer { contains($0, needle, ignoringCase: ignoringCase) }
    }
}
