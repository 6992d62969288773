/// Incremental, resumable HTTP/1.1 request decoder (RFC 9112). The connection feeds it
/// whatever bytes arrived; it never rescans bytes it has already examined.
///
/// Each request yields exactly one `.head`, then exactly one `.request`. Call `decode` with
/// the bytes not yet consumed until it returns `.needMoreData`; one buffer of pipelined
/// requests yields several. After a throw the decoder is spent: every later call throws the
/// same error (the connection answers `error.status` once and closes).
///
/// No copy is made of a head that arrives whole in one buffer: it is parsed in place. Only a
/// head split across reads is buffered, and only up to the limits.
///
/// Strictness, chosen on purpose (each rejection is an `HTTPParseError` case):
/// - Lines end with CRLF only. Bare LF is rejected, not accepted as nginx does (RFC 9112 §2.2
///   allows either); bare CR is rejected. Empty lines before a request line are skipped (§2.2).
/// - Exactly one SP between the request-line parts; versions other than 1.0/1.1 get 505.
/// - No obs-fold, no whitespace before a field's colon, no control bytes but HTAB in values.
/// - HTTP/1.1 needs exactly one Host; HTTP/1.0 at most one.
/// - Content-Length is 1*DIGIT; a list or repeat of identical values is accepted as one
///   (RFC 9110 §8.6), differing values are rejected. Content-Length with Transfer-Encoding is
///   rejected, not resolved in favour of chunked (§6.3 allows either; rejecting closes the
///   smuggling gap), as is Transfer-Encoding in HTTP/1.0.
/// - Transfer-Encoding must be exactly one final `chunked`: other codings get 501, a repeated or
///   non-final chunked 400. Chunk extensions are checked against their grammar and ignored;
///   trailers are read and dropped.
/// - `Expect: 100-continue` is reported only for HTTP/1.1 requests with a body; other
///   expectations are ignored (RFC 9110 §10.1.1 allows 417; we don't).
package struct HTTPRequestDecoder: Sendable {
    /// Body bytes reserved up front for a `Content-Length` body (64 KiB).
    static let initialBodyReservation = 64 * 1024

    package enum Event: Sendable {
        /// Every given byte was consumed (buffered if part of an incomplete head): feed more.
        case needMoreData
        /// A head is complete and its body (if any) not yet read: the connection can send
        /// `100 Continue` now, or refuse the body.
        case head(HTTPRequestHead)
        /// The request is complete: body de-chunked, trailers dropped.
        case request(HTTPRequest)
    }

    private enum Phase: Sendable {
        case head
        /// `.head` was returned; the next call starts the body.
        case headDelivered
        case lengthBody
        case chunkedBody
    }

    package let limits: HTTPLimits
    private var phase = Phase.head
    private var scanner = HeadScanner()
    /// The bytes of a head that has not arrived whole.
    private var pending: [UInt8] = []
    private var currentHead: HTTPRequestHead?
    private var body: [UInt8] = []
    private var remaining = 0
    private var chunked = ChunkedDecoder()
    private var failure: HTTPParseError?

    package init(limits: HTTPLimits = HTTPLimits()) {
        self.limits = limits
    }

    /// Whether a request has started (some of its bytes consumed) and is not yet complete.
    /// (The server's connection tracks this in `ConnectionStateMachine`, not here.)
    package var isMidRequest: Bool {
        switch phase {
        case .head: !pending.isEmpty
        case .headDelivered, .lengthBody, .chunkedBody: true
        }
    }

    /// The head of the request whose body is being read (or whose body was refused):
    /// what a refusal or a timeout can still name in the access log. Nil between requests.
    package var headInProgress: HTTPRequestHead? { currentHead }

    /// Bytes of an incomplete head held over from earlier calls (zero while heads arrive whole).
    var bufferedHeadBytes: Int { pending.count }

    /// Decodes from `bytes`, returning the event and how many bytes of `bytes` it consumed.
    /// With `.needMoreData`, `consumed == bytes.count`.
    package mutating func decode(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        if let failure { throw failure }
        do {
            return try step(bytes)
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func step(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        switch phase {
        case .head:
            return try decodeHead(bytes)
        case .headDelivered:
            guard let head = currentHead else { preconditionFailure("a head was delivered") }
            switch head.framing {
            case .none:
                return (.request(finish()), 0)
            case .length(let length):
                phase = .lengthBody
                remaining = length
                // A declared length is only a claim: reserve a bounded first
                // piece and let the body grow as its bytes actually arrive.
                body.reserveCapacity(min(length, Self.initialBodyReservation))
                return decodeLengthBody(bytes)
            case .chunked:
                phase = .chunkedBody
                return try decodeChunkedBody(bytes)
            }
        case .lengthBody:
            return decodeLengthBody(bytes)
        case .chunkedBody:
            return try decodeChunkedBody(bytes)
        }
    }

    private mutating func decodeHead(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        guard bytes.count > 0 else { return (.needMoreData, 0) }
        if pending.isEmpty {
            // Fast path: the head starts in this buffer; parse it in place if it ends here too.
            if case .complete(let end) = try scanner.scan(bytes, limits: limits) {
                let head = try parseHead(bytes, end: end)
                return (.head(head), end)
            }
            pending.append(contentsOf: bytes)
            return (.needMoreData, bytes.count)
        }
        let earlier = pending.count
        pending.append(contentsOf: bytes)
        let limits = limits
        var scanner = scanner
        // Array.withUnsafeBytes is untyped `rethrows`: carry the typed error out in a Result.
        let outcome = pending.withUnsafeBytes { buffer -> Result<(HTTPRequestHead, Int)?, HTTPParseError> in
            Result { () throws(HTTPParseError) -> (HTTPRequestHead, Int)? in
                guard case .complete(let end) = try scanner.scan(buffer, limits: limits) else { return nil }
                return (try RequestHeadParser.parse(
                    buffer, start: scanner.headStart, end: end, fieldCount: scanner.fieldCount, limits: limits), end)
            }
        }
        self.scanner = scanner
        guard let (head, end) = try outcome.get() else { return (.needMoreData, bytes.count) }
        pending.removeAll(keepingCapacity: false)
        deliver(head)
        return (.head(head), end &- earlier)
    }

    private mutating func parseHead(_ bytes: UnsafeRawBufferPointer, end: Int) throws(HTTPParseError) -> HTTPRequestHead {
        let head = try RequestHeadParser.parse(
            bytes, start: scanner.headStart, end: end, fieldCount: scanner.fieldCount, limits: limits)
        deliver(head)
        return head
    }

    private mutating func deliver(_ head: HTTPRequestHead) {
        scanner = HeadScanner()
        currentHead = head
        phase = .headDelivered
    }

    private mutating func decodeLengthBody(_ bytes: UnsafeRawBufferPointer) -> (event: Event, consumed: Int) {
        let take = min(remaining, bytes.count)
        if take > 0 { body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[0..<take])) }
        remaining &-= take
        guard remaining == 0 else { return (.needMoreData, take) }
        return (.request(finish()), take)
    }

    private mutating func decodeChunkedBody(_ bytes: UnsafeRawBufferPointer) throws(HTTPParseError) -> (event: Event, consumed: Int) {
        let (complete, consumed) = try chunked.decode(bytes, into: &body, limits: limits)
        guard complete else { return (.needMoreData, consumed) }
        return (.request(finish()), consumed)
    }

    private mutating func finish() -> HTTPRequest {
        guard let head = currentHead else { preconditionFailure("a head was delivered") }
        let request = HTTPRequest(head: head, body: body)
        body = []
        currentHead = nil
        phase = .head
        return request
    }
}
