#if canImport(Glibc)
import Glibc
#endif

/// Every bound the HTTP/1.1 server enforces, named, each with a documented default
/// (the shape of Hummingbird's configuration structs). The codec uses the size
/// limits; the connection and server use the timeouts and counts.
package struct HTTPLimits: Sendable, Hashable {
    /// Longest request line (method, target, version; without CRLF), in bytes. Past it: 414. Default 8 KiB.
    package var maxRequestLineLength: Int
    /// Largest header block after the request line (field lines with their CRLFs), in bytes. Past it: 431.
    /// Default 32 KiB.
    package var maxHeaderBlockBytes: Int
    /// Most header field lines in one request. Past it: 431. Default 100.
    package var maxHeaderCount: Int
    /// Largest request body, checked against Content-Length up front and against the running total of a
    /// chunked body. Past it: 413. Default 1 MiB.
    package var maxBodyBytes: Int
    /// Longest chunk-size line after the size digits (whitespace and chunk extensions, which are ignored).
    /// Past it: 400. Default 1 KiB.
    package var maxChunkExtensionBytes: Int
    /// Largest trailer section of a chunked body (read and dropped), in bytes. Past it: 431. Default 8 KiB.
    package var maxTrailerBytes: Int
    /// Time to receive a complete header block once a request has started. Past it: 408, then close.
    /// Default 10 s.
    package var headerTimeout: Duration
    /// Time a keep-alive connection may sit with no request in progress before it is closed quietly.
    /// Default 60 s.
    package var idleTimeout: Duration
    /// Time a write may make no progress (a client that stops reading) before the connection is reset
    /// (its unsent bytes dropped). Default 30 s.
    package var writeTimeout: Duration
    /// Longest gap between two reads of a request body. Past it: 408, then close. Default 30 s.
    package var bodyTimeout: Duration
    /// Slowest average a request body may arrive at, in bytes per second, once `dataRateGracePeriod`
    /// has passed (Kestrel's `MinRequestBodyDataRate`): the average counts every body byte over the
    /// time the server waited for the body. Past it: 408, then close. 0 turns it off. Default 240.
    ///
    /// Why, on top of `bodyTimeout`: a gap timer restarts on every byte, so a body trickled at one
    /// byte every few seconds would hold its connection (and its request's buffers) forever.
    package var minRequestBodyDataRate: Int
    /// Slowest average a client may read a response at, in bytes per second (Kestrel's
    /// `MinResponseDataRate`): every queued response adds its size at this rate to the time its
    /// connection may take, and each gets at least `dataRateGracePeriod`. Checked only while a write
    /// is blocked on the client. Past it: the connection is reset. 0 turns it off. Default 240.
    package var minResponseDataRate: Int
    /// The time before either data rate is enforced: a body is not judged before it has been awaited
    /// this long, and every response may take at least this long. Default 5 s (Kestrel's).
    package var dataRateGracePeriod: Duration
    /// After a response that closes the connection, how long the client's unread input is read and
    /// dropped before the close, so the client reads the response instead of a reset (nginx
    /// `lingering_timeout`). Default 2 s.
    package var lingerTimeout: Duration
    /// Most open connections; past it new connections are refused: accepted, answered
    /// `503` with `Retry-After: 1` (one non-blocking write) and closed at once. Default 10 000.
    package var maxConnections: Int
    /// Bytes of responses queued but not yet written to a connection before the server stops reading
    /// (and so stops answering pipelined requests) on it. Default 1 MiB.
    package var maxPendingOutputBytes: Int
    /// The kernel's send buffer of a connection once it streams a response
    /// (`SO_SNDBUF`; Linux doubles it for its bookkeeping): a stream's client
    /// that stops reading holds this much kernel memory before the write
    /// timeout and the data rate apply, not the several MiB Linux grows a
    /// buffer to by itself. Default 64 KiB.
    package var streamSendBufferBytes: Int
    /// Bytes asked of each socket read. Default 16 KiB.
    package var readBufferSize: Int
    /// On stop, how long requests in flight may run before their connections are closed. Default 10 s.
    package var shutdownGracePeriod: Duration

    package init(
        maxRequestLineLength: Int = 8 * 1024,
        maxHeaderBlockBytes: Int = 32 * 1024,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 1024 * 1024,
        maxChunkExtensionBytes: Int = 1024,
        maxTrailerBytes: Int = 8 * 1024,
        headerTimeout: Duration = .seconds(10),
        idleTimeout: Duration = .seconds(60),
        writeTimeout: Duration = .seconds(30),
        bodyTimeout: Duration = .seconds(30),
        minRequestBodyDataRate: Int = 240,
        minResponseDataRate: Int = 240,
        dataRateGracePeriod: Duration = .seconds(5),
        lingerTimeout: Duration = .seconds(2),
        maxConnections: Int = 10_000,
        maxPendingOutputBytes: Int = 1024 * 1024,
        streamSendBufferBytes: Int = 64 * 1024,
        readBufferSize: Int = 16 * 1024,
        shutdownGracePeriod: Duration = .seconds(10)
    ) {
        self.maxRequestLineLength = maxRequestLineLength
        self.maxHeaderBlockBytes = maxHeaderBlockBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkExtensionBytes = maxChunkExtensionBytes
        self.maxTrailerBytes = maxTrailerBytes
        self.headerTimeout = headerTimeout
        self.idleTimeout = idleTimeout
        self.writeTimeout = writeTimeout
        self.bodyTimeout = bodyTimeout
        self.minRequestBodyDataRate = minRequestBodyDataRate
        self.minResponseDataRate = minResponseDataRate
        self.dataRateGracePeriod = dataRateGracePeriod
        self.lingerTimeout = lingerTimeout
        self.maxConnections = maxConnections
        self.maxPendingOutputBytes = maxPendingOutputBytes
        self.streamSendBufferBytes = streamSendBufferBytes
        self.readBufferSize = readBufferSize
        self.shutdownGracePeriod = shutdownGracePeriod
    }
}
