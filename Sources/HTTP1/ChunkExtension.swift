/// Where a chunk-size line's extensions are in their grammar (RFC 9112 §7.1.1). Extensions
/// are ignored, but checked, so that a CR inside an unclosed quoted string or a stray byte
/// cannot be read one way here and another way by a peer (llhttp rejects the same).
///
///     chunk-ext      = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
///     chunk-ext-name = token
///     chunk-ext-val  = token / quoted-string
enum ChunkExtension: Sendable, Hashable {
    /// After ";": BWS, then a name.
    case beforeName
    case name
    /// BWS after a name: "=" or the next ";" must follow.
    case whitespaceAfterName
    /// After "=": BWS, then a token or a quoted string.
    case beforeValue
    case token
    case quoted
    /// After a backslash inside a quoted string.
    case quotedPair
    /// After a value: the next ";", BWS before it, or the end of the line.
    case afterValue
    /// BWS after a value: the next ";" must follow.
    case whitespaceAfterValue

    /// Whether the line may end (CRLF) here.
    var canEnd: Bool {
        switch self {
        case .name, .token, .afterValue: true
        case .beforeName, .whitespaceAfterName, .beforeValue, .quoted, .quotedPair, .whitespaceAfterValue: false
        }
    }

    /// The state after `byte`, which is neither CR nor LF.
    func next(_ byte: UInt8) throws(HTTPParseError) -> ChunkExtension {
        let isWhitespace = ASCII.isWhitespace(byte)
        switch self {
        case .beforeName:
            if isWhitespace { return .beforeName }
            if ASCII.isTokenChar(byte) { return .name }
        case .name, .whitespaceAfterName:
            if ASCII.isTokenChar(byte) && self == .name { return .name }
            if isWhitespace { return .whitespaceAfterName }
            if byte == 0x3D { return .beforeValue }  // "="
            if byte == ASCII.semicolon { return .beforeName }
        case .beforeValue:
            if isWhitespace { return .beforeValue }
            if byte == 0x22 { return .quoted }  // DQUOTE
            if ASCII.isTokenChar(byte) { return .token }
        case .token, .afterValue, .whitespaceAfterValue:
            if ASCII.isTokenChar(byte) && self == .token { return .token }
            if isWhitespace { return .whitespaceAfterValue }
            if byte == ASCII.semicolon { return .beforeName }
        case .quoted:
            // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text
            if byte == 0x22 { return .afterValue }
            if byte == 0x5C { return .quotedPair }  // backslash
            if ASCII.isFieldValueChar(byte) { return .quoted }
        case .quotedPair:
            // quoted-pair = "\" ( HTAB / SP / VCHAR / obs-text )
            if ASCII.isFieldValueChar(byte) { return .quoted }
        }
        throw .invalidChunkExtension
    }
}
