/// The GraphQL lexer (spec §2.1 Source Text), over UTF-8 bytes, modelled on
/// graphql-js `src/language/lexer.ts` (v16): same tokens, same error messages.
/// It is lazy: each `next()` reads one token, so a syntax error is reported
/// where the parser reaches it, as graphql-js does. Comments and ignored
/// tokens are skipped here; the parser never sees them.
struct Lexer {
    let source: Source
    /// Where the next token's search starts (end of the previous token).
    var position = 0
    /// Line of `position`, and the byte offset where that line starts.
    var line = 1
    var lineStart = 0
    /// A known (offset, column) on the current line, so columns are counted
    /// incrementally rather than from the line start for every token.
    private var columnMark = (offset: 0, column: 1)

    init(source: Source) { self.source = source }

    /// Reads the next significant token.
    ///
    /// `Ignored :: UnicodeBOM | WhiteSpace | LineTerminator | Comment | Comma`
    mutating func next() throws(GraphQLError) -> Token {
        let bytes = source.bytes
        var position = self.position
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case 0x20, 0x09, 0x2C:  // space, tab, comma
                position += 1
                continue
            case 0x0A:
                position += 1
                newLine(at: position)
                continue
            case 0x0D:
                position += position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                newLine(at: position)
                continue
            case 0xEF where position + 2 < bytes.count && bytes[position + 1] == 0xBB && bytes[position + 2] == 0xBF:
                position += 3  // UnicodeBOM U+FEFF
                continue
            case 0x23:  // `Comment :: # CommentChar*`
                position += 1
                while position < bytes.count, bytes[position] != 0x0A, bytes[position] != 0x0D { position += 1 }
                continue
            default:
                break
            }
            let token = try readToken(at: position, first: byte)
            self.position = token.end
            return token
        }
        self.position = bytes.count
        return makeToken(.eof, start: bytes.count, end: bytes.count)
    }

    private mutating func newLine(at offset: Int) {
        line += 1
        lineStart = offset
        columnMark = (offset, 1)
    }

    mutating func makeToken(_ kind: TokenKind, start: Int, end: Int, value: String? = nil) -> Token {
        if columnMark.offset < lineStart || columnMark.offset > start { columnMark = (lineStart, 1) }
        let column = columnMark.column + source.scalarCount(from: columnMark.offset, to: start)
        columnMark = (start, column)
        return Token(kind: kind, start: start, end: end, line: line, column: column, value: value)
    }

    private mutating func readToken(at position: Int, first byte: UInt8) throws(GraphQLError) -> Token {
        if let kind = Self.punctuator(byte) { return makeToken(kind, start: position, end: position + 1) }
        switch byte {
        case UInt8(ascii: "."):
            if source.byte(at: position + 1) == UInt8(ascii: "."), source.byte(at: position + 2) == UInt8(ascii: ".") {
                return makeToken(.spread, start: position, end: position + 3)
            }
        case UInt8(ascii: "\""):
            if source.byte(at: position + 1) == UInt8(ascii: "\""), source.byte(at: position + 2) == UInt8(ascii: "\"") {
                return try readBlockString(at: position)
            }
            return try readString(at: position)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return try readNumber(at: position)
        case _ where Self.isNameStart(byte):
            return readName(at: position)
        default:
            break
        }
        if byte == UInt8(ascii: "'") {
            throw source.syntaxError(
                "Unexpected single quote character ('), did you mean to use a double quote (\")?", at: position)
        }
        throw source.syntaxError("Unexpected character: \(source.printCodePoint(at: position)).", at: position)
    }

    /// `Punctuator :: one of ! $ & ( ) ... : = @ [ ] { | }` (all but `...`).
    private static func punctuator(_ byte: UInt8) -> TokenKind? {
        switch byte {
        case UInt8(ascii: "!"): .bang
        case UInt8(ascii: "$"): .dollar
        case UInt8(ascii: "&"): .amp
        case UInt8(ascii: "("): .parenL
        case UInt8(ascii: ")"): .parenR
        case UInt8(ascii: ":"): .colon
        case UInt8(ascii: "="): .equals
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "["): .bracketL
        case UInt8(ascii: "]"): .bracketR
        case UInt8(ascii: "{"): .braceL
        case UInt8(ascii: "|"): .pipe
        case UInt8(ascii: "}"): .braceR
        default: nil
        }
    }

    /// `NameStart :: Letter | _`
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }

    /// `NameContinue :: Letter | Digit | _`
    static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// `Name :: NameStart NameContinue* [lookahead != NameContinue]`
    private mutating func readName(at start: Int) -> Token {
        let bytes = source.bytes
        var position = start + 1
        while position < bytes.count, Self.isNameContinue(bytes[position]) { position += 1 }
        return makeToken(.name, start: start, end: position, value: source.string(start..<position))
    }
}
