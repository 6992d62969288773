/// Parses a GraphQL document (spec §2, October 2021) into its AST.
///
/// Throws the first syntax error as a `GRAPHQL_PARSE_FAILED` `GraphQLError`
/// with one location, worded as graphql-js 16. Type-system definitions and
/// extensions are parsed in full and kept as `Definition.typeSystem`, so
/// validation can reject them. Every bound in `limits` is checked.
package func parse(_ source: String, limits: ParseLimits = ParseLimits()) throws(GraphQLError) -> Document {
    let parser = try Parser(source, limits: limits)
    return try parser.parseDocument()
}

/// Parses a single value literal (`[1, {a: $b}]`), as graphql-js `parseValue`.
package func parseValue(_ source: String, limits: ParseLimits = ParseLimits()) throws(GraphQLError) -> Value {
    let parser = try Parser(source, limits: limits)
    _ = try parser.expectToken(.sof)
    let value = try parser.parseValueLiteral(isConst: false)
    _ = try parser.expectToken(.eof)
    return value
}

/// A recursive-descent parser after graphql-js `src/language/parser.ts`. Each
/// parse function opens with the production it implements. A class, so the
/// list helpers (`many`, `optionalMany`) can take its methods as closures.
final class Parser {
    private var lexer: Lexer
    private let limits: ParseLimits
    /// The current token, and the one after it once `lookahead()` read it.
    private(set) var token: Token
    private var peeked: Token?
    private var tokenCount = 0
    /// Current nesting of selection sets, list/object values and list types.
    private var depth = 0

    init(_ text: String, limits: ParseLimits) throws(GraphQLError) {
        let byteCount = text.utf8.count
        guard byteCount <= limits.maxDocumentBytes else {
            throw GraphQLError(
                "Syntax Error: Document is larger than \(limits.maxDocumentBytes) bytes. Parsing aborted.",
                locations: [SourceLocation(line: 1, column: 1, offset: 0)], code: .parseFailed)
        }
        lexer = Lexer(source: Source(text))
        self.limits = limits
        token = Token(kind: .sof, start: 0, end: 0, line: 0, column: 0, value: nil)
    }

    var source: Source { lexer.source }

    // MARK: Token stream

    /// Moves to the next token, counting it against `maxTokens` as graphql-js's
    /// `advanceLexer` does (EOF is not counted).
    func advance() throws(GraphQLError) {
        if let next = peeked {
            token = next
            peeked = nil
        } else {
            token = try lexer.next()
        }
        if token.kind != .eof {
            tokenCount += 1
            if tokenCount > limits.maxTokens {
                throw source.syntaxError(
                    "Document contains more than \(limits.maxTokens) tokens. Parsing aborted.", at: token.start)
            }
        }
    }

    /// The token after the current one, without moving.
    func lookahead() throws(GraphQLError) -> Token {
        if token.kind == .eof { return token }
        if let peeked { return peeked }
        let next = try lexer.next()
        peeked = next
        return next
    }

    func peek(_ kind: TokenKind) -> Bool { token.kind == kind }

    /// Consumes a token of `kind` or throws `Expected <kind>, found <token>.`.
    @discardableResult
    func expectToken(_ kind: TokenKind) throws(GraphQLError) -> Token {
        let current = token
        guard current.kind == kind else {
            throw source.syntaxError("Expected \(kind.description), found \(current.description).", at: current.start)
        }
        try advance()
        return current
    }

    /// Consumes a token of `kind` if it is the current one.
    func expectOptionalToken(_ kind: TokenKind) throws(GraphQLError) -> Bool {
        guard token.kind == kind else { return false }
        try advance()
        return true
    }

    /// Consumes the name `value` or throws `Expected "<value>", found <token>.`.
    func expectKeyword(_ value: String) throws(GraphQLError) {
        guard token.kind == .name, token.value == value else {
            throw source.syntaxError("Expected \"\(value)\", found \(token.description).", at: token.start)
        }
        try advance()
    }

    func expectOptionalKeyword(_ value: String) throws(GraphQLError) -> Bool {
        guard token.kind == .name, token.value == value else { return false }
        try advance()
        return true
    }

    /// `Unexpected <token>.` at `at` (the current token by default).
    func unexpected(_ at: Token? = nil) -> GraphQLError {
        let culprit = at ?? token
        return source.syntaxError("Unexpected \(culprit.description).", at: culprit.start)
    }

    /// `open item+ close`: at least one item.
    func many<T>(_ open: TokenKind, _ item: () throws(GraphQLError) -> T, _ close: TokenKind) throws(GraphQLError) -> [T] {
        try expectToken(open)
        var nodes: [T] = []
        repeat { nodes.append(try item()) } while try !expectOptionalToken(close)
        return nodes
    }

    /// `(open item+ close)?`: empty when `open` is absent.
    func optionalMany<T>(
        _ open: TokenKind, _ item: () throws(GraphQLError) -> T, _ close: TokenKind
    ) throws(GraphQLError) -> [T] {
        guard try expectOptionalToken(open) else { return [] }
        var nodes: [T] = []
        repeat { nodes.append(try item()) } while try !expectOptionalToken(close)
        return nodes
    }

    /// `open item* close`.
    func any<T>(_ open: TokenKind, _ item: () throws(GraphQLError) -> T, _ close: TokenKind) throws(GraphQLError) -> [T] {
        try expectToken(open)
        var nodes: [T] = []
        while try !expectOptionalToken(close) { nodes.append(try item()) }
        return nodes
    }

    /// `delimiter? item (delimiter item)*`.
    func delimitedMany<T>(_ delimiter: TokenKind, _ item: () throws(GraphQLError) -> T) throws(GraphQLError) -> [T] {
        _ = try expectOptionalToken(delimiter)
        var nodes: [T] = []
        repeat { nodes.append(try item()) } while try expectOptionalToken(delimiter)
        return nodes
    }

    /// Runs `body` one nesting level deeper, failing beyond `maxDepth` so that
    /// recursion stays bounded whatever the document.
    func nested<T>(_ body: () throws(GraphQLError) -> T) throws(GraphQLError) -> T {
        guard depth < limits.maxDepth else {
            throw source.syntaxError(
                "Document nesting exceeds the maximum depth of \(limits.maxDepth). Parsing aborted.", at: token.start)
        }
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    // MARK: Document

    /// `Document : Definition+`
    func parseDocument() throws(GraphQLError) -> Document {
        Document(definitions: try many(.sof, parseDefinition, .eof))
    }

    /// ```
    /// Definition : ExecutableDefinition | TypeSystemDefinitionOrExtension
    /// ExecutableDefinition : OperationDefinition | FragmentDefinition
    /// ```
    func parseDefinition() throws(GraphQLError) -> Definition {
        if peek(.braceL) { return .operation(try parseOperationDefinition()) }
        let hasDescription = peekDescription
        let keyword = hasDescription ? try lookahead() : token
        if keyword.kind == .name, let value = keyword.value {
            if TypeSystemDefinition.definitionKeywords.contains(value) {
                return .typeSystem(try parseTypeSystemDefinition())
            }
            if hasDescription {
                throw source.syntaxError(
                    "Unexpected description, descriptions are supported only on type definitions.", at: token.start)
            }
            switch value {
            case "query", "mutation", "subscription": return .operation(try parseOperationDefinition())
            case "fragment": return .fragment(try parseFragmentDefinition())
            case "extend": return .typeSystem(try parseTypeSystemExtension())
            default: break
            }
        }
        throw unexpected(keyword)
    }

    /// `Name :: NameStart NameContinue*`
    func parseName() throws(GraphQLError) -> Name {
        let name = try expectToken(.name)
        return Name(name.value ?? "", loc: name.location)
    }
}
