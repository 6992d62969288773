/// The syntax tree of a bounded regular expression: the RE2 / Rust `regex`
/// dialect Unleash's REGEX operator uses, without what needs backtracking
/// (lookaround and backreferences are refused, as in RE2).
indirect enum RegexNode: Sendable {
    case empty
    case scalar(Unicode.Scalar, caseInsensitive: Bool)
    /// `.`; matches a newline only with the `s` flag.
    case any(dotAll: Bool)
    /// An index into the parser's `sets`: every copy a repetition makes shares the one set.
    case set(Int)
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
