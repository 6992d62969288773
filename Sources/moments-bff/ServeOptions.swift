import ArgumentParser
import GraphQL
import HTTP1
import HTTPServer
import JSON
import Logging
import Moments
import MomentsAPI
import MomentsStorage

/// The serve command's options. Each falls back to the environment variable
/// named in its help, then to its default.
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on; 0.0.0.0 or :: for every interface. [HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(parsing: .unconditional, help: OptionBounds.port.help("TCP port; 0 picks a free port, printed on the `listening on` line."))
    var port: String?

    @Option(name: .customLong("database"), help: "SQLite database file, or a PostgreSQL connection string (postgres://..., postgresql://... or libpq's host=... form); an empty database gets schema.sql and the demo data. [DATABASE_PATH, then DATABASE_URL] (default: ./moments.sqlite)")
    var databasePath: String?

    @Option(name: .customLong("read-database"), help: "On PostgreSQL: standbys for reads, as a libpq connection string (several hosts: postgresql://h1,h2/db?target_session_attrs=prefer-standby); a read goes to a standby only once it has replayed every change this instance knows of, otherwise to the primary. [READ_DATABASE_URL] (default: none, every read on --database)")
    var readDatabase: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. Access logs are info. [LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(parsing: .unconditional, help: OptionBounds.logBufferBytes.help("Log lines waiting for standard error; past it lines are dropped and counted."))
    var logBufferBytes: String?

    @Option(help: "Log format: text (one line for people) or json (one JSON object per line). [LOG_FORMAT] (default: text)")
    var logFormat: String?

    @Option(help: "GET /metrics (Prometheus text format, or OpenMetrics when asked) and the request counting behind it: on or off. [METRICS] (default: on)")
    var metrics: String?

    @Option(parsing: .unconditional, help: "Serve /metrics on this port of --host instead of the main port (0 picks a free one, printed as `metrics on http://HOST:PORT/metrics`). [METRICS_PORT] (0 to 65535; default: the main port)")
    var metricsPort: String?

    @Option(name: .customLong("cors-origin"), help: "A browser origin allowed by CORS (repeatable; * for any). [CORS_ORIGINS, comma separated] (default: none)")
    var corsOrigins: [String] = []

    @Option(parsing: .unconditional, help: OptionBounds.readers.help("Reader connections in the SQLite pool."))
    var readers: String?

    @Option(parsing: .unconditional, help: OptionBounds.postgresConnections.help("On PostgreSQL: pooled connections (requests beyond it wait up to 5 s)."))
    var postgresConnections: String?
    @Option(parsing: .unconditional, help: OptionBounds.postgresStatementTimeoutMs.help("On PostgreSQL: longest one statement may run before the server cancels it."))
    var postgresStatementTimeoutMs: String?

    @Option(parsing: .unconditional, help: OptionBounds.cacheTimelines.help("Users whose timeline (profile, moments, photos) is kept in memory; 0 turns the read cache off."))
    var cacheTimelines: String?
    @Option(parsing: .unconditional, help: OptionBounds.cacheMomentLikes.help("Moments whose likers are kept in memory; 0 turns the read cache off."))
    var cacheMomentLikes: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxPageSize.help("Most moments in a timeline page and likers in a moment's likes, and what a request without `first` gets; a larger `first` is BAD_USER_INPUT."))
    var maxPageSize: String?
    @Option(parsing: .unconditional, help: OptionBounds.responseCacheBytes.help("Memory for answers to repeated identical queries, sent again without executing; 0 turns it off (so does turning the read cache off)."))
    var responseCacheBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.externalChangeCheckMs.help("Milliseconds between checks for changes another program made to the database file; they clear the cache."))
    var externalChangeCheckMs: String?

    @Option(help: "The explorer page for browsers at GET /graphql: on or off. [EXPLORER] (default: on)")
    var explorer: String?
    @Option(help: "The QA page at /internal: auto (only when listening on loopback), on (any address; also offers the reset to the demo data) or off. [INTERNAL_PAGE] (default: auto)")
    var internalPage: String?

    // HTTP bounds (HTTPLimits).
    @Option(parsing: .unconditional, help: OptionBounds.maxRequestLineBytes.help("Longest request line in bytes, else 414."))
    var maxRequestLineBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxHeaderBytes.help("Largest header block in bytes, else 431."))
    var maxHeaderBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxHeaderCount.help("Most header fields in a request, else 431."))
    var maxHeaderCount: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxBodyBytes.help("Largest request body in bytes, else 413."))
    var maxBodyBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.headerTimeout.help("Seconds to receive a complete header block, else 408 and close."))
    var headerTimeout: String?
    @Option(parsing: .unconditional, help: OptionBounds.bodyTimeout.help("Seconds between body bytes before the connection is closed."))
    var bodyTimeout: String?
    @Option(parsing: .unconditional, help: OptionBounds.idleTimeout.help("Seconds an idle keep-alive connection stays open."))
    var idleTimeout: String?
    @Option(parsing: .unconditional, help: OptionBounds.writeTimeout.help("Seconds to send a response to a client that stops reading."))
    var writeTimeout: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxConnections.help("Most open connections; past it new ones are refused."))
    var maxConnections: String?
    @Option(parsing: .unconditional, help: OptionBounds.minRequestBodyRate.help("Least average rate of a request body after the grace period, else 408 and close; 0 turns it off."))
    var minRequestBodyRate: String?
    @Option(parsing: .unconditional, help: OptionBounds.minResponseRate.help("Least rate a client must read responses at after the grace period, else the connection is reset; 0 turns it off."))
    var minResponseRate: String?
    @Option(parsing: .unconditional, help: OptionBounds.dataRateGrace.help("Seconds before the minimum data rates are judged."))
    var dataRateGrace: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxConcurrentRequests.help("GraphQL requests handled at once (the handler pool's threads)."))
    var maxConcurrentRequests: String?
    @Option(parsing: .unconditional, help: OptionBounds.ioThreads.help("Event loops reading, parsing and writing connections (each takes its share)."))
    var ioThreads: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxQueuedRequests.help("Requests waiting for the handler pool; past it 503 with Retry-After: 1."))
    var maxQueuedRequests: String?
    @Option(parsing: .unconditional, help: OptionBounds.shutdownGrace.help("Seconds in-flight requests get to finish on SIGTERM/SIGINT."))
    var shutdownGrace: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxStreams.help("Subscription streams open at once; past it 503 with Retry-After: 5 (0: no subscriptions)."))
    var maxStreams: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxStreamsPerViewer.help("Subscription streams open at once for one user; past it 429 with Retry-After: 5."))
    var maxStreamsPerViewer: String?
    @Option(parsing: .unconditional, help: OptionBounds.streamHeartbeat.help("Seconds of silence after which an SSE stream gets a comment line (multipart streams: a {} part every 5 s)."))
    var streamHeartbeat: String?

    // GraphQL bounds (GraphQLLimits, JSONLimits).
    @Option(parsing: .unconditional, help: OptionBounds.maxDocumentBytes.help("Largest GraphQL document in bytes."))
    var maxDocumentBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxTokens.help("Most tokens in a GraphQL document."))
    var maxTokens: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxDepth.help("Deepest nesting of selections, lists or objects in a document, and of JSON in a body."))
    var maxDepth: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxExecutedFields.help("Most fields executed for one request after fragment expansion."))
    var maxExecutedFields: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxResponseBytes.help("Most bytes of one response (plain, deferred parts together, or a subscription's result); past it one error and \"data\": null."))
    var maxResponseBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxBatchOperations.help("Most operations in a batched POST (a JSON array of operations); past it 413; 0 turns batching off."))
    var maxBatchOperations: String?
    @Option(parsing: .unconditional, help: OptionBounds.documentCacheSize.help("Parsed and validated documents kept in the cache."))
    var documentCacheSize: String?
    @Option(parsing: .unconditional, help: OptionBounds.documentCacheBytes.help("Estimated memory of the document cache (documents and their cached plans)."))
    var documentCacheBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.fragmentCacheBytes.help("Memory for moments as written JSON, copied into later answers while their data is unchanged; 0 turns it off."))
    var fragmentCacheBytes: String?
    @Option(parsing: .unconditional, help: OptionBounds.maxValidationCost.help("Validation work one document may cost (field pairs compared, fragments followed); past it the document is refused as too complex."))
    var maxValidationCost: String?
    @Option(parsing: .unconditional, help: OptionBounds.requestTimeout.help("Seconds a GraphQL request may run; past it execution stops with an error."))
    var requestTimeout: String?

    /// Every value from its option, else its environment variable, else its
    /// default; numbers are range-checked by `NumericOption` (see `OptionBounds`).
    /// The standbys' connection string: only PostgreSQL's, and only beside a PostgreSQL primary.
    static func readDatabase(_ raw: String?, primary: String) throws -> String? {
        guard let raw, !raw.isEmpty else { return nil }
        let location = DatabaseLocation(raw)
        guard case .postgreSQL(let uri) = location else {
            throw ValidationError("--read-database \(location) is not a PostgreSQL connection string")
        }
        guard case .postgreSQL = DatabaseLocation(primary) else {
            throw ValidationError("--read-database needs --database on PostgreSQL (standbys of a SQLite file do not exist)")
        }
        return uri
    }

    func resolve() throws -> ServeConfiguration {
        let primary = databasePath ?? Environment.string("DATABASE_PATH") ?? Environment.string("DATABASE_URL") ?? "moments.sqlite"
        var http = HTTPLimits()
        http.maxRequestLineLength = try OptionBounds.maxRequestLineBytes.resolve(maxRequestLineBytes)
        http.maxHeaderBlockBytes = try OptionBounds.maxHeaderBytes.resolve(maxHeaderBytes)
        http.maxHeaderCount = try OptionBounds.maxHeaderCount.resolve(maxHeaderCount)
        http.maxBodyBytes = try OptionBounds.maxBodyBytes.resolve(maxBodyBytes)
        http.headerTimeout = try OptionBounds.headerTimeout.resolveDuration(headerTimeout)
        http.bodyTimeout = try OptionBounds.bodyTimeout.resolveDuration(bodyTimeout)
        http.idleTimeout = try OptionBounds.idleTimeout.resolveDuration(idleTimeout)
        http.writeTimeout = try OptionBounds.writeTimeout.resolveDuration(writeTimeout)
        http.maxConnections = try OptionBounds.maxConnections.resolve(maxConnections)
        http.minRequestBodyDataRate = try OptionBounds.minRequestBodyRate.resolve(minRequestBodyRate)
        http.minResponseDataRate = try OptionBounds.minResponseRate.resolve(minResponseRate)
        http.dataRateGracePeriod = try OptionBounds.dataRateGrace.resolveDuration(dataRateGrace)
        var threads = ServerThreads()
        threads.maxConcurrentHandlers = try OptionBounds.maxConcurrentRequests.resolve(maxConcurrentRequests)
        threads.maxQueuedHandlers = try OptionBounds.maxQueuedRequests.resolve(maxQueuedRequests)
        threads.ioThreads = try OptionBounds.ioThreads.resolve(ioThreads)
        http.shutdownGracePeriod = try OptionBounds.shutdownGrace.resolveDuration(shutdownGrace)

        var graphQL = GraphQLLimits()
        graphQL.parse.maxDocumentBytes = try OptionBounds.maxDocumentBytes.resolve(maxDocumentBytes)
        graphQL.parse.maxTokens = try OptionBounds.maxTokens.resolve(maxTokens)
        graphQL.parse.maxDepth = try OptionBounds.maxDepth.resolve(maxDepth)
        graphQL.maxExecutedFields = try OptionBounds.maxExecutedFields.resolve(maxExecutedFields)
        graphQL.maxResponseBytes = try OptionBounds.maxResponseBytes.resolve(maxResponseBytes)
        graphQL.maxBatchOperations = try OptionBounds.maxBatchOperations.resolve(maxBatchOperations)
        graphQL.documentCacheCapacity = try OptionBounds.documentCacheSize.resolve(documentCacheSize)
        graphQL.documentCacheBytes = try OptionBounds.documentCacheBytes.resolve(documentCacheBytes)
        graphQL.fragmentCacheBytes = try OptionBounds.fragmentCacheBytes.resolve(fragmentCacheBytes)
        graphQL.maxValidationCost = try OptionBounds.maxValidationCost.resolve(maxValidationCost)
        graphQL.requestTimeout = try OptionBounds.requestTimeout.resolveDuration(requestTimeout)

        var streams = LiveLikes.Limits()
        streams.maxStreams = try OptionBounds.maxStreams.resolve(maxStreams)
        streams.maxStreamsPerViewer = try OptionBounds.maxStreamsPerViewer.resolve(maxStreamsPerViewer)
        streams.sseHeartbeat = try OptionBounds.streamHeartbeat.resolveDuration(streamHeartbeat)

        var json = JSONLimits()
        json.maxDepth = graphQL.parse.maxDepth
        json.maxBytes = http.maxBodyBytes

        let metricsPlacement: MetricsPlacement
        switch try MetricsSetting.resolve(metrics) {
        case .off: metricsPlacement = .off
        case .on: metricsPlacement = try OptionBounds.metricsPort.resolveIfGiven(metricsPort).map { .port($0) } ?? .mainPort
        }

        let levelName = Environment.resolve(logLevel, "LOG_LEVEL", default: "info")
        guard let level = Logger.Level(rawValue: levelName.lowercased()) else {
            throw ValidationError("unknown log level '\(LogLine.escaped(levelName, limit: 64))'")
        }
        let origins = corsOrigins.isEmpty
            ? (Environment.string("CORS_ORIGINS")?.split(separator: ",").map { String($0.trimmingOWS) } ?? [])
            : corsOrigins

        let pageSize = PageSize(maximum: try OptionBounds.maxPageSize.resolve(maxPageSize))
        var cache = ReadCacheConfiguration(
            timelineCapacity: try OptionBounds.cacheTimelines.resolve(cacheTimelines),
            // A cached timeline holds the largest page, so the default page is answered from it.
            timelineLength: pageSize.maximum,
            momentLikesCapacity: try OptionBounds.cacheMomentLikes.resolve(cacheMomentLikes),
            externalChangeCheckIntervalMilliseconds: try OptionBounds.externalChangeCheckMs.resolve(externalChangeCheckMs)
        )
        cache.isEnabled = cache.timelineCapacity > 0 && cache.momentLikesCapacity > 0

        return ServeConfiguration(
            host: Environment.resolve(host, "HOST", default: "127.0.0.1"),
            port: try OptionBounds.port.resolve(port),
            databasePath: primary,
            readDatabase: try Self.readDatabase(readDatabase ?? Environment.string("READ_DATABASE_URL"), primary: primary),
            readerConnections: try OptionBounds.readers.resolve(readers),
            postgresConnections: try OptionBounds.postgresConnections.resolve(postgresConnections),
            postgresStatementTimeoutMilliseconds: try OptionBounds.postgresStatementTimeoutMs.resolve(postgresStatementTimeoutMs),
            cache: cache,
            pageSize: pageSize,
            responseCacheBytes: try OptionBounds.responseCacheBytes.resolve(responseCacheBytes),
            logLevel: level,
            logFormat: try LogFormat.resolve(logFormat),
            logBufferBytes: try OptionBounds.logBufferBytes.resolve(logBufferBytes),
            metrics: metricsPlacement,
            corsOrigins: origins,
            httpLimits: http,
            threads: threads,
            graphQLLimits: graphQL,
            jsonLimits: json,
            streams: streams,
            explorer: try ExplorerSetting.resolve(explorer),
            internalPage: try InternalPageSetting.resolve(internalPage)
        )
    }
}

/// Everything `serve` runs with, resolved from options, environment and defaults.
struct ServeConfiguration {
    var host: String
    var port: Int
    var databasePath: String
    /// `--read-database`: standbys' connection string (checked: PostgreSQL beside a PostgreSQL primary).
    var readDatabase: String?
    var readerConnections: Int
    var postgresConnections: Int
    var postgresStatementTimeoutMilliseconds: Int
    var cache: ReadCacheConfiguration
    /// `--max-page-size`.
    var pageSize: PageSize
    /// 0: no response cache.
    var responseCacheBytes: Int
    var logLevel: Logger.Level
    var logFormat: LogFormat
    var logBufferBytes: Int
    /// Whether and where `/metrics` is served (`--metrics`, `--metrics-port`).
    var metrics: MetricsPlacement
    var corsOrigins: [String]
    var httpLimits: HTTPLimits
    var threads: ServerThreads
    var graphQLLimits: GraphQLLimits
    var jsonLimits: JSONLimits
    /// Subscription streams (`--max-streams`, `--max-streams-per-viewer`, `--stream-heartbeat`).
    var streams: LiveLikes.Limits
    var explorer: ExplorerSetting
    var internalPage: InternalPageSetting

    var storeOptions: MomentsStore.Options {
        var options = MomentsStore.Options(readers: readerConnections, seedDemoData: true, cache: cache)
        options.readDatabase = readDatabase
        options.postgreSQL.maxConnections = postgresConnections
        options.postgreSQL.connection.statementTimeoutMilliseconds = postgresStatementTimeoutMilliseconds
        // A like's handler waits for its commit (SQLite's group fsync, PostgreSQL's round trip): meanwhile the pool runs another request.
        options.database.whileWaitingForCommit = { HandlerWait.perform($0) }
        return options
    }

    var logMetadata: Logger.Metadata {
        [
            "host": "\(host)", "port": "\(port)", "database": "\(DatabaseLocation(databasePath))",
            "readDatabase": "\(readDatabase.map { DatabaseLocation($0).description } ?? "none")",
            "readers": "\(readerConnections)", "postgresConnections": "\(postgresConnections)", "cors": "\(corsOrigins)", "logBufferBytes": "\(logBufferBytes)",
            "cacheTimelines": "\(cache.isEnabled ? cache.timelineCapacity : 0)", "cacheMomentLikes": "\(cache.momentLikesCapacity)",
            "maxPageSize": "\(pageSize.maximum)", "responseCacheBytes": "\(responseCacheBytes)",
            "maxBodyBytes": "\(httpLimits.maxBodyBytes)", "maxConnections": "\(httpLimits.maxConnections)",
            "maxStreams": "\(streams.maxStreams)", "maxStreamsPerViewer": "\(streams.maxStreamsPerViewer)",
            "streamHeartbeat": "\(streams.sseHeartbeat)",
            "headerTimeout": "\(httpLimits.headerTimeout)", "idleTimeout": "\(httpLimits.idleTimeout)",
            "maxDocumentBytes": "\(graphQLLimits.parse.maxDocumentBytes)", "maxDepth": "\(graphQLLimits.parse.maxDepth)",
            "maxExecutedFields": "\(graphQLLimits.maxExecutedFields)",
            "maxResponseBytes": "\(graphQLLimits.maxResponseBytes)", "maxBatchOperations": "\(graphQLLimits.maxBatchOperations)",
            "documentCacheBytes": "\(graphQLLimits.documentCacheBytes)",
            "fragmentCacheBytes": "\(graphQLLimits.fragmentCacheBytes)", "requestTimeout": "\(graphQLLimits.requestTimeout)",
            "explorer": "\(explorer)", "internalPage": "\(internalPage)",
            "logFormat": "\(logFormat)", "metrics": "\(metricsDescription)",
        ]
    }

    /// `off`, `on` (the main port) or `port N`: for the start-up line and the QA page.
    var metricsDescription: String {
        switch metrics {
        case .off: "off"
        case .mainPort: "on"
        case .port(let port): "port \(port)"
        }
    }
}
