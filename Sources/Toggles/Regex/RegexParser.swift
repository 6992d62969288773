/// A recursive-descent parser for the pattern; recursion depth is bounded
/// by the pattern length cap (and a nesting cap of 64 groups).
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var depth = 0
    private static let maxDepth = 64
    private static let maxRepetition = 1_000
    /// The sets the tree's `.set` nodes index, one per class escape or bracket expression.
    private(set) var sets: [RegexScalarSet] = []

    struct Flags {
        var caseInsensitive: Bool
        var multiLine = false
        var dotAll = false
    }

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse(caseInsensitive: Bool) throws(RegexError) -> RegexNode {
        var flags = Flags(caseInsensitive: caseInsensitive)
        let node = try parseAlternation(&flags)
        guard index == scalars.count else { throw .syntax("unbalanced ')'") }
        return node
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func eat(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    // alternation : concatenation ('|' concatenation)*
    private mutating func parseAlternation(_ flags: inout Flags) throws(RegexError) -> RegexNode {
        var branches = [try parseConcatenation(&flags)]
        while eat("|") { branches.append(try parseConcatenation(&flags)) }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    // concatenation : (atom quantifier?)*
    private mutating func parseConcatenation(_ flags: inout Flags) throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek, next != "|", next != ")" {
            guard let atom = try parseAtom(&flags) else { continue }
            items.append(try parseQuantifier(atom))
        }
        return items.count == 1 ? items[0] : items.isEmpty ? .empty : .concatenation(items)
    }

    private mutating func parseQuantifier(_ atom: RegexNode) throws(RegexError) -> RegexNode {
        var node = atom
        var quantified = false
        while let next = peek {
            let bounds: (Int, Int?)
            switch next {
            case "*": index += 1; bounds = (0, nil)
            case "+": index += 1; bounds = (1, nil)
            case "?": index += 1; bounds = (0, 1)
            case "{":
                guard let counted = try parseCountedBounds() else { return node }
                bounds = counted
            default: return node
            }
            if case .assertion = node { throw .syntax("nothing to repeat") }
            if case .empty = node { throw .syntax("nothing to repeat") }
            // `a**`, `a{2}{3}`: refused, as RE2, Go and JavaScript do; repeating
            // a repetition takes a group, so nesting stays within the group cap.
            guard !quantified else { throw .syntax("nested repetition operator") }
            quantified = true
            _ = eat("?")  // lazy: the same answer to "does it match"
            node = .repetition(node, min: bounds.0, max: bounds.1)
        }
        return node
    }

    /// `{n}`, `{n,}`, `{n,m}`; a `{` that starts none of these is a literal.
    private mutating func parseCountedBounds() throws(RegexError) -> (Int, Int?)? {
        let start = index
        index += 1
        func number(_ parser: inout RegexParser) -> Int? {
            var value: Int?
            while let digit = parser.peek, ("0"..."9").contains(digit) {
                value = min((value ?? 0) * 10 + Int(digit.value - 48), Self.maxRepetition + 1)
                parser.index += 1
            }
            return value
        }
        guard let low = number(&self) else { index = start; return nil }
        var high: Int? = low
        if eat(",") { high = number(&self) }
        guard eat("}") else { index = start; return nil }
        guard low <= Self.maxRepetition, (high ?? 0) <= Self.maxRepetition else { throw .unsupported("repetition over \(Self.maxRepetition)") }
        if let high, high < low { throw .syntax("invalid repetition range") }
        return (low, high)
    }

    private mutating func parseAtom(_ flags: inout Flags) throws(RegexError) -> RegexNode? {
        guard let next = peek else { return .empty }
        index += 1
        switch next {
        case "(": return try parseGroup(&flags)
        case "[": return register(try parseBracket(flags))
        case ".": return .any(dotAll: flags.dotAll)
        case "^": return .assertion(flags.multiLine ? .lineStart : .textStart)
        case "$": return .assertion(flags.multiLine ? .lineEnd : .textEnd)
        case "\\":
            switch try parseEscape(inClass: false) {
            case .literal(let scalar): return .scalar(scalar, caseInsensitive: flags.caseInsensitive)
            case .classes(let classes):
                var set = RegexScalarSet(caseInsensitive: flags.caseInsensitive)
                set.insert(classes)
                return register(set)
            case .assertion(let assertion): return .assertion(assertion)
            }
        case "*", "+", "?": throw .syntax("nothing to repeat")
        default: return .scalar(next, caseInsensitive: flags.caseInsensitive)
        }
    }

    /// `(…)`, `(?:…)`, `(?P<name>…)`, `(?<name>…)`, `(?flags)`, `(?flags:…)`.
    /// Lookaround (`(?=`, `(?!`, `(?<=`, `(?<!`) is refused.
    private mutating func parseGroup(_ flags: inout Flags) throws(RegexError) -> RegexNode? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maxDepth else { throw .unsupported("groups nested deeper than \(Self.maxDepth)") }
        var inner = flags
        if eat("?") {
            if peek == "=" || peek == "!" { throw .unsupported("lookahead") }
            if peek == "<" && index + 1 < scalars.count && (scalars[index + 1] == "=" || scalars[index + 1] == "!") {
                throw .unsupported("lookbehind")
            }
            if eat("P") || peek == "<" {
                guard eat("<") else { throw .syntax("bad group name") }
                while let c = peek, c != ">" { index += 1 }
                guard eat(">") else { throw .syntax("unterminated group name") }
            } else {
                var on = true
                var scoped = flags
                while let c = peek, c != ")", c != ":" {
                    index += 1
                    switch c {
                    case "-": on = false
                    case "i": scoped.caseInsensitive = on
                    case "m": scoped.multiLine = on
                    case "s": scoped.dotAll = on
                    case "U", "u", "x": throw .unsupported("flag \(c)")
                    default: throw .syntax("unknown flag \(c)")
                    }
                }
                if eat(")") {
                    flags = scoped  // `(?i)`: the rest of the enclosing group
                    return nil
                }
                guard eat(":") else { throw .syntax("unterminated group") }
                inner = scoped
            }
        }
        let node = try parseAlternation(&inner)
        guard eat(")") else { throw .syntax("missing ')'") }
        return node
    }

    /// A set joins `sets`; the node refers to it by index.
    private mutating func register(_ set: RegexScalarSet) -> RegexNode {
        var set = set
        set.normalize()
        sets.append(set)
        return .set(sets.count - 1)
    }

    private mutating func parseBracket(_ flags: Flags) throws(RegexError) -> RegexScalarSet {
        var set = RegexScalarSet(caseInsensitive: flags.caseInsensitive)
        set.negated = eat("^")
        var first = true
        while true {
            guard let next = peek else { throw .syntax("missing ']'") }
            if next == "]" && !first { index += 1; break }
            first = false
            if next == "[" && index + 1 < scalars.count && scalars[index + 1] == ":" {
                index += 2
                let negated = eat("^")
                var name = ""
                while let c = peek, c != ":" { name.unicodeScalars.append(c); index += 1 }
                guard eat(":"), eat("]"), let posix = RegexScalarClasses.Posix(name: name) else { throw .syntax("bad POSIX class") }
                set.insert(.posix(posix, negated: negated))
                continue
            }
            index += 1
            var low: Unicode.Scalar = next
            if next == "\\" {
                switch try parseEscape(inClass: true) {
                case .literal(let scalar): low = scalar
                case .classes(let classes):
                    set.insert(classes)
                    continue
                case .assertion: throw .syntax("assertion in a class")  // unreachable: none is parsed inClass
                }
            }
            if peek == "-" && index + 1 < scalars.count && scalars[index + 1] != "]" {
                index += 1
                guard var high = peek else { throw .syntax("missing ']'") }
                index += 1
                if high == "\\" {
                    guard case .literal(let scalar) = try parseEscape(inClass: true) else { throw .syntax("bad range") }
                    high = scalar
                }
                guard low.value <= high.value else { throw .syntax("bad range") }
                set.insert(low.value...high.value)
            } else {
                set.insert(low.value...low.value)
            }
        }
        return set
    }

    enum Escape {
        case literal(Unicode.Scalar)
        case classes(RegexScalarClasses)
        case assertion(RegexAssertion)
    }

    /// After a backslash: a class (`\d`), an assertion (`\b`), a control
    /// escape (`\n`) or an escaped punctuation mark. Backreferences are refused.
    private mutating func parseEscape(inClass: Bool) throws(RegexError) -> Escape {
        guard let next = peek else { throw .syntax("trailing backslash") }
        index += 1
        switch next {
        case "d": return .classes(.digit)
        case "D": return .classes(.notDigit)
        case "w": return .classes(.word)
        case "W": return .classes(.notWord)
        case "s": return .classes(.space)
        case "S": return .classes(.notSpace)
        case "n": return .literal("\n")
        case "t": return .literal("\t")
        case "r": return .literal("\r")
        case "f": return .literal("\u{0C}")
        case "v": return .literal("\u{0B}")
        case "1"..."9": throw .unsupported("backreference")
        case "b" where !inClass: return .assertion(.wordBoundary)
        case "B" where !inClass: return .assertion(.notWordBoundary)
        case "A" where !inClass: return .assertion(.textStart)
        case "z" where !inClass: return .assertion(.textEnd)
        default:
            guard next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) else {
                throw .unsupported("escape \\\(next)")
            }
            return .literal(next)
        }
    }
}
