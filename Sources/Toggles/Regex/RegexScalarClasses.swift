/// The character classes a pattern can name (`\d`, `\W`, `[[:alpha:]]`, …),
/// one bit each, negated forms included. A set keeps the classes it lists; the
/// matcher classifies each input scalar once, so testing a set's classes is
/// one AND however many it lists.
struct RegexScalarClasses: OptionSet, Sendable, Hashable {
    let rawValue: UInt64

    static let digit = Self(rawValue: 1 << 0)
    static let notDigit = Self(rawValue: 1 << 1)
    static let word = Self(rawValue: 1 << 2)
    static let notWord = Self(rawValue: 1 << 3)
    static let space = Self(rawValue: 1 << 4)
    static let notSpace = Self(rawValue: 1 << 5)

    /// `[[:name:]]` (or `[[:^name:]]` when negated).
    static func posix(_ posix: Posix, negated: Bool) -> Self {
        Self(rawValue: 1 << (6 + 2 * UInt64(posix.rawValue) + (negated ? 1 : 0)))
    }

    /// The POSIX classes RE2 knows; ASCII-only, as in RE2.
    enum Posix: Int, CaseIterable {
        case alnum, alpha, ascii, blank, cntrl, digit, graph, lower, print, punct, space, upper, word, xdigit

        init?(name: String) {
            guard let found = Self.byName[name] else { return nil }
            self = found
        }

        private static let byName = Dictionary(uniqueKeysWithValues: allCases.map { ("\($0)", $0) })

        func holds(_ v: UInt32) -> Bool {
            let upper = (0x41...0x5a).contains(v)
            let lower = (0x61...0x7a).contains(v)
            let digit = (0x30...0x39).contains(v)
            switch self {
            case .alnum: return upper || lower || digit
            case .alpha: return upper || lower
            case .ascii: return v < 0x80
            case .blank: return v == 0x20 || v == 0x09
            case .cntrl: return v < 0x20 || v == 0x7f
            case .digit: return digit
            case .graph: return (0x21...0x7e).contains(v)
            case .lower: return lower
            case .print: return (0x20...0x7e).contains(v)
            case .punct: return (0x21...0x7e).contains(v) && !(upper || lower || digit)
            case .space: return v == 0x20 || (0x09...0x0d).contains(v)
            case .upper: return upper
            case .word: return upper || lower || digit || v == 0x5f
            case .xdigit: return digit || (0x41...0x46).contains(v) || (0x61...0x66).contains(v)
            }
        }
    }

    /// Every class `scalar` belongs to, each negated form set when the class does not hold.
    static func of(_ scalar: Unicode.Scalar) -> Self {
        var classes: Self = []
        classes.insert(isDigit(scalar) ? .digit : .notDigit)
        classes.insert(isWord(scalar) ? .word : .notWord)
        classes.insert(scalar.properties.isWhitespace ? .space : .notSpace)
        for posix in Posix.allCases {
            classes.insert(.posix(posix, negated: !posix.holds(scalar.value)))
        }
        return classes
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .decimalNumber
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
            || scalar.properties.generalCategory == .nonspacingMark
    }

    /// Simple case folding: the scalar's single-scalar lower- and uppercase forms
    /// other than itself (at most two).
    static func caseVariants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var variants: [Unicode.Scalar] = []
        for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            let scalars = mapped.unicodeScalars
            if scalars.count == 1, let only = scalars.first, only != scalar, !variants.contains(only) { variants.append(only) }
        }
        return variants
    }
}
