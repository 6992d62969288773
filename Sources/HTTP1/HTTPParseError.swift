/// Why a request could not be framed. Each case maps to the one status the client
/// is answered with (then the connection closes: NIO's one-400-then-close rule).
/// 408 is not here: timeouts are connection actions, not parse results.
package enum HTTPParseError: Error, Sendable, Hashable, CaseIterable {
    // Request line (RFC 9112 §3).
    /// Missing or doubled spaces, empty method or target, a line that is not `method SP target SP version`.
    case invalidRequestLine
    /// A method byte that is not a token character (RFC 9110 §9.1).
    case invalidMethod
    /// A target with control characters, or not in origin, absolute, authority (CONNECT only) or
    /// asterisk (OPTIONS only) form (RFC 9112 §3.2).
    case invalidTarget
    /// A version that is not `HTTP/` DIGIT `.` DIGIT (RFC 9112 §2.3). 400.
    case invalidVersion
    /// A well-formed version other than 1.0 and 1.1 (HTTP/0.9, HTTP/1.2, HTTP/2.0...). 505.
    case unsupportedVersion
    /// The request line is longer than `HTTPLimits.maxRequestLineLength`. 414.
    case requestLineTooLong

    // Lines and fields (RFC 9112 §2.2, §5).
    /// A LF not preceded by CR. We do not take RFC 9112 §2.2's option to accept bare LF: a lenient
    /// peer in front of us could frame the same bytes differently.
    case bareLineFeed
    /// A CR not followed by LF (RFC 9112 §2.2: MUST reject or replace with SP; we reject).
    case bareCarriageReturn
    /// A field line that starts with whitespace (obs-fold, RFC 9112 §5.2).
    case obsoleteLineFolding
    /// Whitespace between a field name and its colon (RFC 9112 §5.1: MUST reject with 400).
    case whitespaceBeforeColon
    /// An empty field name, a byte that is not a token character, or a line with no colon.
    case invalidFieldName
    /// NUL, DEL or another control character other than HTAB in a field value (RFC 9110 §5.5).
    case invalidFieldValue
    /// The header block is larger than `HTTPLimits.maxHeaderBlockBytes`. 431.
    case headerBlockTooLarge
    /// More field lines than `HTTPLimits.maxHeaderCount`. 431.
    case tooManyHeaders
    /// An HTTP/1.1 request without Host (RFC 9112 §3.2: MUST respond 400).
    case missingHost
    /// More than one Host field line (RFC 9112 §3.2: MUST respond 400).
    case multipleHosts
    /// A Host value that is not `uri-host [ ":" port ]` (RFC 9112 §3.2: MUST respond 400).
    case invalidHost

    // Framing (RFC 9112 §6).
    /// Both Content-Length and Transfer-Encoding (RFC 9112 §6.3 item 3: request smuggling; we reject).
    case contentLengthWithTransferEncoding
    /// Content-Length that is not 1*DIGIT, or too large for an Int.
    case invalidContentLength
    /// Several Content-Length values that differ (identical duplicates are accepted, RFC 9110 §8.6).
    case conflictingContentLength
    /// Transfer-Encoding in an HTTP/1.0 request (RFC 9112 §6.1: the framing is faulty).
    case transferEncodingInHTTP10
    /// `chunked` more than once, or not the final coding (RFC 9112 §6.3 item 4: MUST respond 400).
    case chunkedNotFinal
    /// An empty Transfer-Encoding, or a coding that is not a token.
    case invalidTransferEncoding
    /// A transfer coding we do not implement (gzip, deflate, ...), alone or before chunked. 501.
    case unsupportedTransferCoding
    /// A chunk size that is empty, not hex, longer than 16 digits or too large for an Int.
    case invalidChunkSize
    /// A control character in a chunk extension.
    case invalidChunkExtension
    /// The chunk-size line's extensions are longer than `HTTPLimits.maxChunkExtensionBytes`.
    case chunkExtensionTooLarge
    /// Chunk data not followed by CRLF.
    case invalidChunkTerminator
    /// A control character in a trailer line.
    case invalidTrailer
    /// The trailer section is larger than `HTTPLimits.maxTrailerBytes`. 431.
    case trailersTooLarge
    /// The body is larger than `HTTPLimits.maxBodyBytes` (declared, or the chunked running total). 413.
    case bodyTooLarge

    /// The status the client is answered with before the connection closes.
    package var status: HTTPStatus {
        switch self {
        case .unsupportedVersion: .httpVersionNotSupported
        case .requestLineTooLong: .uriTooLong
        case .headerBlockTooLarge, .tooManyHeaders, .trailersTooLarge: .requestHeaderFieldsTooLarge
        case .bodyTooLarge: .contentTooLarge
        case .unsupportedTransferCoding: .notImplemented
        case .invalidRequestLine, .invalidMethod, .invalidTarget, .invalidVersion, .bareLineFeed,
             .bareCarriageReturn, .obsoleteLineFolding, .whitespaceBeforeColon, .invalidFieldName,
             .invalidFieldValue, .missingHost, .multipleHosts, .invalidHost, .contentLengthWithTransferEncoding,
             .invalidContentLength, .conflictingContentLength, .transferEncodingInHTTP10, .chunkedNotFinal,
             .invalidTransferEncoding, .invalidChunkSize, .invalidChunkExtension, .chunkExtensionTooLarge,
             .invalidChunkTerminator, .invalidTrailer:
            .badRequest
        }
    }
}
