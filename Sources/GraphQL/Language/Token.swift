/// The lexical token kinds of GraphQL (spec §2.1.6 `Token`, plus start and end of file).
/// `description` is the text graphql-js prints in syntax errors.
enum TokenKind: String, Sendable, Hashable {
    case sof = "<SOF>"
    case eof = "<EOF>"
    case bang = "!"
    case dollar = "$"
    case amp = "&"
    case parenL = "("
    case parenR = ")"
    case spread = "..."
    case colon = ":"
    case equals = "="
    case at = "@"
    case bracketL = "["
    case bracketR = "]"
    case braceL = "{"
    case pipe = "|"
    case braceR = "}"
    case name = "Name"
    case int = "Int"
    case float = "Float"
    case string = "String"
    case blockString = "BlockString"

    var isPunctuator: Bool {
        switch self {
        case .sof, .eof, .name, .int, .float, .string, .blockString: false
        default: true
        }
    }

    /// graphql-js `getTokenKindDesc`: punctuators are quoted.
    var description: String { isPunctuator ? "\"\(rawValue)\"" : rawValue }
}

/// One lexed token: its kind, UTF-8 byte range, position and, for names,
/// numbers and strings, its value (strings with escapes resolved).
struct Token: Sendable {
    var kind: TokenKind
    var start: Int
    var end: Int
    var line: Int
    var column: Int
    var value: String?

    var location: SourceLocation { SourceLocation(line: line, column: column, offset: start) }

    /// graphql-js `getTokenDesc`: `Name "foo"`, `"}"`, `<EOF>`.
    var description: String {
        if let value { "\(kind.description) \"\(value)\"" } else { kind.description }
    }
}
