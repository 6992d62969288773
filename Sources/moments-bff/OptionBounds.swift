import GraphQL
import HTTP1
import HTTPServer
import Moments
import MomentsAPI
import MomentsStorage
import PostgreSQL

/// Every numeric option of `serve` and `seed`: flag, environment variable,
/// accepted range and default, in one table (docs/configuration.md's
/// tables follow it). Ranges are what the server is built and tested for:
/// wide enough for any real deployment, narrow enough that no value can
/// overflow arithmetic, exhaust memory up front, or let a recursive parser
/// outgrow its thread's stack.
enum OptionBounds {
    private static let http = HTTPLimits()
    private static let threads = ServerThreads()
    private static let graphQL = GraphQLLimits()
    private static let streams = LiveLikes.Limits()
    private static let mebibyte = 1 << 20
    /// Timeouts: a millisecond to a day.
    private static let timeoutRange = 0.001...86_400.0

    // Server and database.
    static let port = NumericOption<Int>(flag: "--port", environment: "PORT", range: 0...65_535, defaultValue: 4_000)
    /// No default: without it `/metrics` is on the main port (`defaultValue` is never used).
    static let metricsPort = NumericOption<Int>(flag: "--metrics-port", environment: "METRICS_PORT", range: 0...65_535, defaultValue: 0)
    static let readers = NumericOption<Int>(flag: "--readers", environment: "DATABASE_READERS", range: 1...64, defaultValue: MomentsStore.Options.defaultReaders)
    static let postgresConnections = NumericOption<Int>(
        flag: "--postgres-connections", environment: "POSTGRES_CONNECTIONS", range: 1...256,
        defaultValue: PGPoolConfiguration.defaultMaxConnections)
    static let postgresStatementTimeoutMs = NumericOption<Int>(
        flag: "--postgres-statement-timeout-ms", environment: "POSTGRES_STATEMENT_TIMEOUT_MS", range: 1...3_600_000,
        defaultValue: PGConnectionSettings.defaultStatementTimeoutMilliseconds, unit: "milliseconds")
    static let cacheTimelines = NumericOption<Int>(
        flag: "--cache-timelines", environment: "CACHE_TIMELINES", range: 0...1_000_000, defaultValue: ReadCacheConfiguration.defaultTimelineCapacity)
    static let cacheMomentLikes = NumericOption<Int>(
        flag: "--cache-moment-likes", environment: "CACHE_MOMENT_LIKES", range: 0...10_000_000, defaultValue: ReadCacheConfiguration.defaultMomentLikesCapacity)
    static let externalChangeCheckMs = NumericOption<Int>(
        flag: "--external-change-check-ms", environment: "EXTERNAL_CHANGE_CHECK_MS", range: 1...3_600_000,
        defaultValue: ReadCacheConfiguration.defaultExternalChangeCheckIntervalMilliseconds, unit: "milliseconds")
    /// The most moments of a timeline page and likers of a moment one answer
    /// holds, and what a request without `first` gets; also the moments kept
    /// per cached timeline.
    static let maxPageSize = NumericOption<Int>(
        flag: "--max-page-size", environment: "MAX_PAGE_SIZE", range: 1...10_000, defaultValue: PageSize.defaultMaximum)
    static let responseCacheBytes = NumericOption<Int>(
        flag: "--response-cache-bytes", environment: "RESPONSE_CACHE_BYTES", range: 0...(16 * 1_024 * mebibyte),
        defaultValue: 1 * mebibyte, unit: "bytes")
    static let logBufferBytes = NumericOption<Int>(
        flag: "--log-buffer-bytes", environment: "LOG_BUFFER_BYTES", range: 4_096...(256 * mebibyte),
        defaultValue: LogWriter.defaultCapacity, unit: "bytes")

    // HTTP (HTTPLimits).
    static let maxRequestLineBytes = NumericOption<Int>(
        flag: "--max-request-line-bytes", environment: "MAX_REQUEST_LINE_BYTES", range: 64...mebibyte,
        defaultValue: http.maxRequestLineLength, unit: "bytes")
    static let maxHeaderBytes = NumericOption<Int>(
        flag: "--max-header-bytes", environment: "MAX_HEADER_BYTES", range: 64...mebibyte,
        defaultValue: http.maxHeaderBlockBytes, unit: "bytes")
    static let maxHeaderCount = NumericOption<Int>(
        flag: "--max-header-count", environment: "MAX_HEADER_COUNT", range: 1...10_000, defaultValue: http.maxHeaderCount)
    static let maxBodyBytes = NumericOption<Int>(
        flag: "--max-body-bytes", environment: "MAX_BODY_BYTES", range: 0...(1_024 * mebibyte),
        defaultValue: http.maxBodyBytes, unit: "bytes")
    static let headerTimeout = NumericOption<Double>(
        flag: "--header-timeout", environment: "HEADER_TIMEOUT", range: timeoutRange,
        defaultValue: seconds(http.headerTimeout), unit: "seconds")
    static let bodyTimeout = NumericOption<Double>(
        flag: "--body-timeout", environment: "BODY_TIMEOUT", range: timeoutRange,
        defaultValue: seconds(http.bodyTimeout), unit: "seconds")
    static let idleTimeout = NumericOption<Double>(
        flag: "--idle-timeout", environment: "IDLE_TIMEOUT", range: timeoutRange,
        defaultValue: seconds(http.idleTimeout), unit: "seconds")
    static let writeTimeout = NumericOption<Double>(
        flag: "--write-timeout", environment: "WRITE_TIMEOUT", range: timeoutRange,
        defaultValue: seconds(http.writeTimeout), unit: "seconds")
    static let maxConnections = NumericOption<Int>(
        flag: "--max-connections", environment: "MAX_CONNECTIONS", range: 1...1_000_000, defaultValue: http.maxConnections)
    static let minRequestBodyRate = NumericOption<Int>(
        flag: "--min-request-body-rate", environment: "MIN_REQUEST_BODY_RATE", range: 0...(1_024 * mebibyte),
        defaultValue: http.minRequestBodyDataRate, unit: "bytes per second")
    static let minResponseRate = NumericOption<Int>(
        flag: "--min-response-rate", environment: "MIN_RESPONSE_RATE", range: 0...(1_024 * mebibyte),
        defaultValue: http.minResponseDataRate, unit: "bytes per second")
    static let dataRateGrace = NumericOption<Double>(
        flag: "--data-rate-grace", environment: "DATA_RATE_GRACE", range: 0...3_600,
        defaultValue: seconds(http.dataRateGracePeriod), unit: "seconds")
    static let maxConcurrentRequests = NumericOption<Int>(
        flag: "--max-concurrent-requests", environment: "MAX_CONCURRENT_REQUESTS", range: 1...1_024,
        defaultValue: threads.maxConcurrentHandlers)
    static let ioThreads = NumericOption<Int>(
        flag: "--io-threads", environment: "IO_THREADS", range: 1...64, defaultValue: threads.ioThreads)
    static let maxQueuedRequests = NumericOption<Int>(
        flag: "--max-queued-requests", environment: "MAX_QUEUED_REQUESTS", range: 0...1_000_000,
        defaultValue: threads.maxQueuedHandlers)
    static let shutdownGrace = NumericOption<Double>(
        flag: "--shutdown-grace", environment: "SHUTDOWN_GRACE", range: 0...3_600,
        defaultValue: seconds(http.shutdownGracePeriod), unit: "seconds")

    // GraphQL (GraphQLLimits, JSONLimits).
    static let maxDocumentBytes = NumericOption<Int>(
        flag: "--max-document-bytes", environment: "MAX_DOCUMENT_BYTES", range: 1...(16 * mebibyte),
        defaultValue: graphQL.parse.maxDocumentBytes, unit: "bytes")
    static let maxTokens = NumericOption<Int>(
        flag: "--max-tokens", environment: "MAX_TOKENS", range: 1...1_000_000, defaultValue: graphQL.parse.maxTokens)
    /// Bounds the recursion of the GraphQL and JSON parsers, validation and
    /// execution on the handler threads' stacks: a debug build answered
    /// selections nested 1,018 deep and overflowed its stack at 2,042, so 256
    /// keeps a margin of four.
    static let maxDepth = NumericOption<Int>(
        flag: "--max-depth", environment: "MAX_DEPTH", range: 1...256, defaultValue: graphQL.parse.maxDepth)
    static let maxExecutedFields = NumericOption<Int>(
        flag: "--max-executed-fields", environment: "MAX_EXECUTED_FIELDS", range: 1...10_000_000,
        defaultValue: graphQL.maxExecutedFields)
    /// Bounds one execution's response (plain, in `@defer` parts, or a
    /// subscription's result): 4 MiB by default, far above the app's largest page.
    static let maxResponseBytes = NumericOption<Int>(
        flag: "--max-response-bytes", environment: "MAX_RESPONSE_BYTES", range: 1_024...(1_024 * mebibyte),
        defaultValue: graphQL.maxResponseBytes, unit: "bytes")
    static let maxBatchOperations = NumericOption<Int>(
        flag: "--max-batch-operations", environment: "MAX_BATCH_OPERATIONS", range: 0...1_000,
        defaultValue: graphQL.maxBatchOperations)
    static let documentCacheSize = NumericOption<Int>(
        flag: "--document-cache-size", environment: "DOCUMENT_CACHE_SIZE", range: 0...100_000,
        defaultValue: graphQL.documentCacheCapacity)
    static let documentCacheBytes = NumericOption<Int>(
        flag: "--document-cache-bytes", environment: "DOCUMENT_CACHE_BYTES", range: 0...(16 * 1_024 * mebibyte),
        defaultValue: graphQL.documentCacheBytes, unit: "bytes")
    static let fragmentCacheBytes = NumericOption<Int>(
        flag: "--fragment-cache-bytes", environment: "FRAGMENT_CACHE_BYTES", range: 0...(16 * 1_024 * mebibyte),
        defaultValue: graphQL.fragmentCacheBytes, unit: "bytes")
    static let maxValidationCost = NumericOption<Int>(
        flag: "--max-validation-cost", environment: "MAX_VALIDATION_COST", range: 1...100_000_000,
        defaultValue: graphQL.maxValidationCost, unit: "units")
    static let requestTimeout = NumericOption<Double>(
        flag: "--request-timeout", environment: "REQUEST_TIMEOUT", range: timeoutRange,
        defaultValue: seconds(graphQL.requestTimeout), unit: "seconds")

    // Streams (LiveLikes.Limits).
    static let maxStreams = NumericOption<Int>(
        flag: "--max-streams", environment: "MAX_STREAMS", range: 0...1_000_000, defaultValue: streams.maxStreams)
    static let maxStreamsPerViewer = NumericOption<Int>(
        flag: "--max-streams-per-viewer", environment: "MAX_STREAMS_PER_VIEWER", range: 1...1_000_000,
        defaultValue: streams.maxStreamsPerViewer)
    static let streamHeartbeat = NumericOption<Double>(
        flag: "--stream-heartbeat", environment: "STREAM_HEARTBEAT", range: 0.01...3_600,
        defaultValue: seconds(streams.sseHeartbeat), unit: "seconds")

    // `seed --synthetic`.
    static let users = NumericOption<Int>(flag: "--users", environment: nil, range: 1...1_000_000, defaultValue: 1_000)
    static let friends = NumericOption<Int>(flag: "--friends", environment: nil, range: 0...1_000, defaultValue: 10)
    static let moments = NumericOption<Int>(flag: "--moments", environment: nil, range: 0...1_000, defaultValue: 3)
    static let likes = NumericOption<Int>(flag: "--likes", environment: nil, range: 0...1_000, defaultValue: 5)
    static let hotMomentLikes = NumericOption<Int>(flag: "--hot-moment-likes", environment: nil, range: 0...1_000_000, defaultValue: 0)

    /// Every integer option, in `--help` order.
    static let integers = [
        port, readers, postgresConnections, postgresStatementTimeoutMs, cacheTimelines, cacheMomentLikes, externalChangeCheckMs, maxPageSize,
        logBufferBytes,
        maxRequestLineBytes, maxHeaderBytes, maxHeaderCount, maxBodyBytes, maxConnections,
        maxStreams, maxStreamsPerViewer,
        maxDocumentBytes, maxTokens, maxDepth, maxExecutedFields, maxResponseBytes, maxBatchOperations, documentCacheSize,
        users, friends, moments, likes, hotMomentLikes,
    ]
    /// Every option in seconds, in `--help` order.
    static let durations = [headerTimeout, bodyTimeout, idleTimeout, writeTimeout, shutdownGrace, streamHeartbeat]

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
