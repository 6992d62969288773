/// Finds where a request head ends (the empty line), resumably: it remembers how far it
/// has looked, so bytes arriving in pieces are each examined once (picohttpparser's
/// `last_len`). It also enforces the size limits while the head is still incomplete, so
/// a client cannot make us buffer more than the limits allow, and rejects bare LF at once.
struct HeadScanner: Sendable {
    /// Bytes of the head examined so far.
    private(set) var scanned = 0
    /// Where the request line starts, after any empty lines before it (RFC 9112 §2.2: a server
    /// SHOULD ignore at least one empty line before the request line).
    private(set) var headStart = 0
    private var lineStart = 0
    /// Where the field lines start (just past the request line's CRLF), once known.
    private var fieldsStart: Int?
    private(set) var fieldCount = 0

    enum Outcome {
        case incomplete
        /// The head is `bytes[headStart..<end]`, ending with CRLF CRLF.
        case complete(end: Int)
    }

    /// Continues the scan over `bytes`, which must start with the same head bytes as every
    /// earlier call since the last reset, followed by new ones.
    mutating func scan(_ bytes: UnsafeRawBufferPointer, limits: HTTPLimits) throws(HTTPParseError) -> Outcome {
        var i = scanned
        let count = bytes.count
        while i < count {
            guard bytes[i] == ASCII.lf else {
                i &+= 1
                continue
            }
            // The limits first, as the end-of-buffer check below applies them to a buffer that
            // ends just before this LF: which error (and status) a head gets must not depend on
            // how its bytes were split across reads.
            if let fieldsStart {
                if i &- fieldsStart &- 1 > limits.maxHeaderBlockBytes { throw .headerBlockTooLarge }
            } else if i &- headStart > limits.maxRequestLineLength &+ 1 {
                throw .requestLineTooLong
            }
            guard i > 0, bytes[i &- 1] == ASCII.cr else { throw .bareLineFeed }
            let lineLength = i &- 1 &- lineStart
            if let fieldsStart {
                // Field lines with their CRLFs; the final empty line is not counted.
                let blockBytes = lineLength == 0 ? i &- 1 &- fieldsStart : i &+ 1 &- fieldsStart
                if blockBytes > limits.maxHeaderBlockBytes { throw .headerBlockTooLarge }
                if lineLength == 0 {
                    scanned = i &+ 1
                    return .complete(end: i &+ 1)
                }
                fieldCount &+= 1
                if fieldCount > limits.maxHeaderCount { throw .tooManyHeaders }
            } else if lineLength == 0 {
                // An empty line before the request line: skipped, but counted against the request
                // line's limit so that a stream of CRLFs stays bounded.
                headStart = i &+ 1
                if headStart > limits.maxRequestLineLength { throw .requestLineTooLong }
            } else {
                if i &- 1 &- headStart > limits.maxRequestLineLength { throw .requestLineTooLong }
                fieldsStart = i &+ 1
            }
            i &+= 1
            lineStart = i
        }
        scanned = count
        if let fieldsStart {
            // The last byte may be the CR of the final empty line.
            if count &- fieldsStart &- 1 > limits.maxHeaderBlockBytes { throw .headerBlockTooLarge }
        } else if count &- headStart > limits.maxRequestLineLength &+ 1 {
            throw .requestLineTooLong
        }
        return .incomplete
    }
}
