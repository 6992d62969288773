/// Decodes a chunked body incrementally (RFC 9112 §7.1), one state per position in the
/// grammar, so any split of the input gives the same result:
///
///     chunked-body = *chunk last-chunk trailer-section CRLF
///     chunk        = chunk-size [ chunk-ext ] CRLF chunk-data CRLF
///     last-chunk   = 1*("0") [ chunk-ext ] CRLF
///
/// Extensions are ignored but bounded; trailer lines are read, bounded and dropped.
struct ChunkedDecoder: Sendable {
    private enum State: Sendable, Hashable {
        case size
        /// BWS after the size: a ";" must follow.
        case sizeWhitespace
        case chunkExtension(ChunkExtension)
        case sizeLF
        case data
        case dataCR
        case dataLF
        case trailerLineStart
        case trailerLine
        case trailerLF
        case finalLF
    }

    /// 16 hex digits cover Int.max; more (even leading zeros) is rejected.
    private static let maxSizeDigits = 16

    private var state = State.size
    private var sizeDigits = 0
    private var chunkSize = 0
    private var remaining = 0
    private var extensionBytes = 0
    private var trailerBytes = 0

    /// Appends the chunk data found in `bytes` to `body`. Returns whether the body is complete and
    /// how many bytes were consumed: all of them unless complete.
    mutating func decode(
        _ bytes: UnsafeRawBufferPointer, into body: inout [UInt8], limits: HTTPLimits
    ) throws(HTTPParseError) -> (complete: Bool, consumed: Int) {
        var i = 0
        let count = bytes.count
        while i < count {
            if state == .data {
                let take = min(remaining, count &- i)
                body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[i..<(i &+ take)]))
                i &+= take
                remaining &-= take
                if remaining == 0 { state = .dataCR }
                continue
            }
            let byte = bytes[i]
            i &+= 1
            switch state {
            case .size:
                if let digit = ASCII.hexValue(byte) {
                    sizeDigits &+= 1
                    guard sizeDigits <= Self.maxSizeDigits, chunkSize <= Int.max >> 4 else { throw .invalidChunkSize }
                    chunkSize = chunkSize << 4 | digit
                    continue
                }
                guard sizeDigits > 0 else { throw .invalidChunkSize }
                switch byte {
                case ASCII.cr: state = .sizeLF
                case ASCII.semicolon: state = .chunkExtension(.beforeName)
                case ASCII.space, ASCII.tab: state = .sizeWhitespace
                case ASCII.lf: throw .bareLineFeed
                default: throw .invalidChunkSize
                }
                if byte != ASCII.cr { try countExtensionByte(limits) }
            case .sizeWhitespace:
                // BWS is only allowed before a chunk extension's ";".
                switch byte {
                case ASCII.semicolon: state = .chunkExtension(.beforeName)
                case ASCII.space, ASCII.tab: break
                case ASCII.lf: throw .bareLineFeed
                default: throw .invalidChunkSize
                }
                try countExtensionByte(limits)
            case .chunkExtension(let position):
                switch byte {
                case ASCII.cr:
                    guard position.canEnd else { throw .invalidChunkExtension }
                    state = .sizeLF
                case ASCII.lf: throw .bareLineFeed
                default:
                    state = .chunkExtension(try position.next(byte))
                    try countExtensionByte(limits)
                }
            case .sizeLF:
                guard byte == ASCII.lf else { throw .bareCarriageReturn }
                if chunkSize == 0 {
                    state = .trailerLineStart
                } else {
                    guard chunkSize <= limits.maxBodyBytes &- body.count else { throw .bodyTooLarge }
                    remaining = chunkSize
                    state = .data
                }
                sizeDigits = 0
                chunkSize = 0
                extensionBytes = 0
            case .data:
                break  // handled above
            case .dataCR:
                guard byte == ASCII.cr else { throw .invalidChunkTerminator }
                state = .dataLF
            case .dataLF:
                guard byte == ASCII.lf else { throw .invalidChunkTerminator }
                state = .size
            case .trailerLineStart, .trailerLine:
                switch byte {
                case ASCII.cr: state = state == .trailerLineStart ? .finalLF : .trailerLF
                case ASCII.lf: throw .bareLineFeed
                default:
                    guard ASCII.isFieldValueChar(byte) else { throw .invalidTrailer }
                    trailerBytes &+= 1
                    guard trailerBytes <= limits.maxTrailerBytes else { throw .trailersTooLarge }
                    state = .trailerLine
                }
            case .trailerLF:
                guard byte == ASCII.lf else { throw .bareCarriageReturn }
                state = .trailerLineStart
            case .finalLF:
                guard byte == ASCII.lf else { throw .bareCarriageReturn }
                self = ChunkedDecoder()
                return (true, i)
            }
        }
        return (false, count)
    }

    private mutating func countExtensionByte(_ limits: HTTPLimits) throws(HTTPParseError) {
        extensionBytes &+= 1
        guard extensionBytes <= limits.maxChunkExtensionBytes else { throw .chunkExtensionTooLarge }
    }
}
