/// The syntax tree of a bounded regular expression: the RE2 / Rust `regex`
/// dialect Unleash's REGEX operator uses, without what needs backtracking
/// (lookaround and backreferences are refused, as in RE2).
indirect enum RegexNode: Sendable {
    case empty
    case scalar(Unicode.Scalar, caseInsensitive: Bool)
    /// `.`; matches a newline only with the `s` flag.
    case any(dotAll: Bool)
    case set(RegexScalarSet)
    case assertion(RegexAssertion)
    case concatenation([RegexNode])
    case alternation([RegexNode])
    /// `max == nil`: unbounded.
    case repetition(RegexNode, min: Int, max: Int?)
}

enum RegexAssertion: Sendable, Equatable {
    case textStart, textEnd
    case lineStart, lineEnd
    case wordBoundary, notWordBoundary
}

/// A bracket expression or a class escape (`\d`, `[^@]`, `[[:alpha:]]`).
struct RegexScalarSet: Sendable {
    enum Item: Sendable {
        case range(UInt32, UInt32)
        case digit(negated: Bool)
        case word(negated: Bool)
        case space(negated: Bool)
        case posix(String, negated: Bool)
    }

    var items: [Item] = []
    var negated = false
    var caseInsensitive = false

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        var found = matchesItems(scalar)
        if !found && caseInsensitive {
            found = RegexScalarSet.caseVariants(of: scalar).contains { matchesItems($0) }
        }
        return found != negated
    }

    private func matchesItems(_ scalar: Unicode.Scalar) -> Bool {
        items.contains { item in
            switch item {
            case .range(let low, let high): low <= scalar.value && scalar.value <= high
            case .digit(let negated): RegexScalarSet.isDigit(scalar) != negated
            case .word(let negated): RegexScalarSet.isWord(scalar) != negated
            case .space(let negated): scalar.properties.isWhitespace != negated
            case .posix(let name, let negated): RegexScalarSet.posix(name, scalar) != negated
            }
        }
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .decimalNumber
    }

    static func isWord(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.generalCategory == .decimalNumber
            || scalar.properties.generalCategory == .nonspacingMark
    }

    static let posixNames: Set<String> = [
        "alnum", "alpha", "ascii", "blank", "cntrl", "digit", "graph", "lower", "print", "punct", "space", "upper", "word", "xdigit",
    ]

    /// The POSIX classes are ASCII-only, as in RE2.
    static func posix(_ name: String, _ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        let upper = (0x41...0x5a).contains(v)
        let lower = (0x61...0x7a).contains(v)
        let digit = (0x30...0x39).contains(v)
        switch name {
        case "alnum": return upper || lower || digit
        case "alpha": return upper || lower
        case "ascii": return v < 0x80
        case "blank": return v == 0x20 || v == 0x09
        case "cntrl": return v < 0x20 || v == 0x7f
        case "digit": return digit
        case "graph": return (0x21...0x7e).contains(v)
        case "lower": return lower
        case "print": return (0x20...0x7e).contains(v)
        case "punct": return (0x21...0x7e).contains(v) && !(upper || lower || digit)
        case "space": return v == 0x20 || (0x09...0x0d).contains(v)
        case "upper": return upper
        case "word": return upper || lower || digit || v == 0x5f
        case "xdigit": return digit || (0x41...0x46).contains(v) || (0x61...0x66).contains(v)
        default: return false
        }
    }

    /// Simple case folding: the scalar's single-scalar lower- and uppercase forms.
    static func caseVariants(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        var variants: [Unicode.Scalar] = []
        for mapped in [scalar.properties.lowercaseMapping, scalar.properties.uppercaseMapping] {
            let scalars = mapped.unicodeScalars
            if scalars.count == 1, let only = scalars.first, only != scalar { variants.append(only) }
        }
        return variants
    }
}
