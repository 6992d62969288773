/// A content coding of an answer (RFC 9110 §8.4.1): the ones this server can
/// produce, spelled as `Content-Encoding` and `Accept-Encoding` carry them.
package enum ContentCoding: String, Sendable, CaseIterable {
    /// Brotli (RFC 7932), registered as `br` in IANA's HTTP Content Coding Registry.
    case br
    /// gzip (RFC 1952, RFC 9110 §8.4.1.3).
    case gzip
    /// No coding: the representation's own bytes (RFC 9110 §12.5.3).
    case identity

    /// The token a `Content-Encoding` field carries. Never sent for `identity`:
    /// RFC 9110 §8.4 lists only the codings applied.
    package var headerValue: String { rawValue }
}

extension ContentCoding {
    /// How many list elements of `Accept-Encoding` are read, over all its
    /// field lines, empty elements included; the rest is not scanned, so a
    /// hostile field costs at most this many elements (each read once, and
    /// bounded by the head's size limit). Browsers send 3 to 5, curl 2 to 4.
    package static let maxAcceptEncodingElements = 64

    /// The coding to answer with, from `acceptEncoding` (every `Accept-Encoding`
    /// field line of the request, in order; none when the field is absent) and
    /// the codings the server can produce, in its order of preference, e.g.
    /// `[.br, .gzip, .identity]`. RFC 9110 §12.5.3:
    ///
    /// - codings compare case-insensitively; `x-gzip` is `gzip` (§8.4.1.3);
    /// - an element's `q` weight (name in any case) is 0 to 1 with at most
    ///   three decimals (§12.4.2), 1 when absent; `q=0` refuses the coding;
    /// - `*` stands for every coding no element names;
    /// - `identity` is acceptable unless `identity;q=0` refuses it, or
    ///   `*;q=0` does without an element naming `identity`; when neither names
    ///   it, it ranks below every coding accepted with a positive weight;
    /// - no field, or an empty one, accepts `identity` alone (the user agent
    ///   states no preference, or wants no coding);
    /// - the highest weight wins; equal weights go to the earlier of `offered`.
    ///
    /// Strictness, on purpose: an element that does not follow
    /// `codings [ OWS ";" OWS "q=" qvalue ]` (another parameter, two weights,
    /// `q=1.0001`, `q=abc`, `q=-1`, a byte outside a token) is ignored, as
    /// if absent: a weight is never guessed, since a misread `q=0` would send
    /// a coding the client refused. Whitespace around `=` is tolerated, as
    /// `AcceptElement` tolerates it. A coding named twice keeps its lowest
    /// weight, so one refusal is enough. Elements past
    /// `maxAcceptEncodingElements` are not read.
    ///
    /// Returns nil only when no offered coding is acceptable (`*;q=0`,
    /// `identity;q=0` with nothing else offered that the client accepts). The
    /// caller should then answer with `identity` all the same: RFC 9110
    /// §12.5.3 allows "a response without a content coding" in place of 406
    /// (Not Acceptable), and nginx and Apollo Router do so; a 406 for an
    /// answer every client can read helps nobody.
    package static func preferred<Lines: Sequence>(_ acceptEncoding: Lines, offered: [ContentCoding]) -> ContentCoding?
    where Lines.Element: StringProtocol {
        var weights = Weights()
        var budget = maxAcceptEncodingElements
        for line in acceptEncoding where budget > 0 {
            if line.utf8.withContiguousStorageIfAvailable({ weights.read($0, budget: &budget) }) == nil {
                Array(line.utf8).withUnsafeBufferPointer { weights.read($0, budget: &budget) }
            }
        }
        var best: (coding: ContentCoding, rank: Int)?
        for coding in offered {
            let rank = weights.rank(of: coding)
            if rank > 0, rank > (best?.rank ?? 0) { best = (coding, rank) }
        }
        return best?.coding
    }

    /// The weights named so far, in thousandths (0...1000); nil when no element named the coding.
    private struct Weights {
        var br: Int?
        var gzip: Int?
        var identity: Int?
        var star: Int?

        /// The coding's standing: 0 refused, 1 `identity` accepted by default, otherwise
        /// twice its weight plus one, so every weight of at least 0.001 outranks the default.
        func rank(of coding: ContentCoding) -> Int {
            let named: Int?
            switch coding {
            case .br: named = br
            case .gzip: named = gzip
            case .identity: named = identity
            }
            guard let weight = named ?? star else { return coding == .identity ? 1 : 0 }
            return weight == 0 ? 0 : weight * 2 + 1
        }

        /// Reads the elements of one field line, until the budget is spent.
        mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, budget: inout Int) {
            var i = 0
            let end = bytes.count
            while budget > 0 {
                var elementEnd = i
                while elementEnd < end && bytes[elementEnd] != ASCII.comma { elementEnd &+= 1 }
                budget &-= 1
                var start = i, stop = elementEnd
                while start < stop && ASCII.isWhitespace(bytes[start]) { start &+= 1 }
                while stop > start && ASCII.isWhitespace(bytes[stop &- 1]) { stop &-= 1 }
                if start < stop, let element = Self.element(bytes, start, stop) { record(element.name, element.weight) }
                guard elementEnd < end else { return }
                i = elementEnd &+ 1
            }
        }

        private mutating func record(_ name: Name, _ weight: Int) {
            func keepLowest(_ slot: inout Int?) { slot = min(slot ?? weight, weight) }
            switch name {
            case .br: keepLowest(&br)
            case .gzip: keepLowest(&gzip)
            case .identity: keepLowest(&identity)
            case .star: keepLowest(&star)
            case .other: break
            }
        }

        private enum Name { case br, gzip, identity, star, other }

        /// `codings [ weight ]` (RFC 9110 §12.5.3) in `bytes[start..<stop]`, trimmed of OWS;
        /// nil when it does not follow the grammar.
        ///
        ///     codings = content-coding / "identity" / "*"
        ///     weight  = OWS ";" OWS "q=" qvalue
        private static func element(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ stop: Int) -> (name: Name, weight: Int)? {
            var k = start
            while k < stop && ASCII.isTokenChar(bytes[k]) { k &+= 1 }
            guard k > start else { return nil }
            let token = bytes[start..<k]
            let name: Name =
                if ASCII.equalsLowercased(token, "br") { .br }
                else if ASCII.equalsLowercased(token, "gzip") || ASCII.equalsLowercased(token, "x-gzip") { .gzip }
                else if ASCII.equalsLowercased(token, "identity") { .identity }
                else if ASCII.equalsLowercased(token, "*") { .star }
                else { .other }
            skipWhitespace(bytes, &k, stop)
            guard k < stop else { return (name, 1000) }
            guard bytes[k] == ASCII.semicolon else { return nil }
            k &+= 1
            skipWhitespace(bytes, &k, stop)
            guard k < stop, bytes[k] | 0x20 == UInt8(ascii: "q") else { return nil }
            k &+= 1
            skipWhitespace(bytes, &k, stop)
            guard k < stop, bytes[k] == UInt8(ascii: "=") else { return nil }
            k &+= 1
            skipWhitespace(bytes, &k, stop)
            guard let weight = qvalue(bytes, &k, stop), k == stop else { return nil }
            return (name, weight)
        }

        /// RFC 9110 §12.4.2, in thousandths:
        ///
        ///     qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )
        private static func qvalue(_ bytes: UnsafeBufferPointer<UInt8>, _ k: inout Int, _ stop: Int) -> Int? {
            guard k < stop else { return nil }
            let whole = bytes[k]
            guard whole == UInt8(ascii: "0") || whole == UInt8(ascii: "1") else { return nil }
            k &+= 1
            var value = whole == UInt8(ascii: "1") ? 1000 : 0
            guard k < stop, bytes[k] == UInt8(ascii: ".") else { return value }
            k &+= 1
            var scale = 100
            while k < stop, scale > 0, bytes[k] >= UInt8(ascii: "0"), bytes[k] <= UInt8(ascii: "9") {
                let digit = Int(bytes[k] &- UInt8(ascii: "0"))
                // "1." admits only zeros.
                guard value < 1000 || digit == 0 else { return nil }
                value &+= digit &* scale
                scale /= 10
                k &+= 1
            }
            return value
        }

        private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ k: inout Int, _ stop: Int) {
            while k < stop && ASCII.isWhitespace(bytes[k]) { k &+= 1 }
        }
    }
}
