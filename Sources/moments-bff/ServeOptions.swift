import ArgumentParser
import GraphQL
import HTTP1
import JSON
import Logging
import MomentsStorage

/// The serve command's options. Each falls back to the environment variable
/// named in its help, then to its default.
struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on; 0.0.0.0 or :: for every interface. [HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "TCP port; 0 picks a free port, printed on the `listening on` line. [PORT] (default: 4000)")
    var port: Int?

    @Option(name: .customLong("database"), help: "SQLite database file; created with schema.sql and the demo data when missing. [DATABASE_PATH] (default: ./moments.sqlite)")
    var databasePath: String?

    @Option(help: "Log level: trace, debug, info, notice, warning, error, critical. Access logs are info. [LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(name: .customLong("cors-origin"), help: "A browser origin allowed by CORS (repeatable; * for any). [CORS_ORIGINS, comma separated] (default: none)")
    var corsOrigins: [String] = []

    @Option(help: "Reader connections in the SQLite pool. [DATABASE_READERS] (default: 4)")
    var readers: Int?

    @Option(help: "Users whose timeline (profile, moments, photos) is kept in memory; 0 turns the read cache off. [CACHE_TIMELINES] (default: 2000)")
    var cacheTimelines: Int?
    @Option(help: "Moments whose likers are kept in memory. [CACHE_MOMENT_LIKES] (default: 20000)")
    var cacheMomentLikes: Int?
    @Option(help: "Milliseconds between checks for changes another program made to the database file; they clear the cache. [EXTERNAL_CHANGE_CHECK_MS] (default: 100)")
    var externalChangeCheckMs: Int?

    // HTTP bounds (HTTPLimits).
    @Option(help: "Longest request line in bytes, else 414. [MAX_REQUEST_LINE_BYTES]")
    var maxRequestLineBytes: Int?
    @Option(help: "Largest header block in bytes, else 431. [MAX_HEADER_BYTES]")
    var maxHeaderBytes: Int?
    @Option(help: "Most header fields in a request, else 431. [MAX_HEADER_COUNT]")
    var maxHeaderCount: Int?
    @Option(help: "Largest request body in bytes, else 413. [MAX_BODY_BYTES]")
    var maxBodyBytes: Int?
    @Option(help: "Seconds to receive a complete header block, else 408 and close. [HEADER_TIMEOUT]")
    var headerTimeout: Double?
    @Option(help: "Seconds between body bytes before the connection is closed. [BODY_TIMEOUT]")
    var bodyTimeout: Double?
    @Option(help: "Seconds an idle keep-alive connection stays open. [IDLE_TIMEOUT]")
    var idleTimeout: Double?
    @Option(help: "Seconds to send a response to a client that stops reading. [WRITE_TIMEOUT]")
    var writeTimeout: Double?
    @Option(help: "Most open connections; past it new ones are refused. [MAX_CONNECTIONS]")
    var maxConnections: Int?
    @Option(help: "Seconds in-flight requests get to finish on SIGTERM/SIGINT. [SHUTDOWN_GRACE]")
    var shutdownGrace: Double?

    // GraphQL bounds (GraphQLLimits, JSONLimits).
    @Option(help: "Largest GraphQL document in bytes. [MAX_DOCUMENT_BYTES]")
    var maxDocumentBytes: Int?
    @Option(help: "Most tokens in a GraphQL document. [MAX_TOKENS]")
    var maxTokens: Int?
    @Option(help: "Deepest nesting of selections, lists or objects in a document, and of JSON in a body. [MAX_DEPTH]")
    var maxDepth: Int?
    @Option(help: "Most fields executed for one request after fragment expansion. [MAX_EXECUTED_FIELDS]")
    var maxExecutedFields: Int?
    @Option(help: "Parsed and validated documents kept in the cache. [DOCUMENT_CACHE_SIZE]")
    var documentCacheSize: Int?

    func resolve() throws -> ServeConfiguration {
        var http = HTTPLimits()
        http.maxRequestLineLength = try Environment.resolve(maxRequestLineBytes, "MAX_REQUEST_LINE_BYTES", default: http.maxRequestLineLength)
        http.maxHeaderBlockBytes = try Environment.resolve(maxHeaderBytes, "MAX_HEADER_BYTES", default: http.maxHeaderBlockBytes)
        http.maxHeaderCount = try Environment.resolve(maxHeaderCount, "MAX_HEADER_COUNT", default: http.maxHeaderCount)
        http.maxBodyBytes = try Environment.resolve(maxBodyBytes, "MAX_BODY_BYTES", default: http.maxBodyBytes)
        http.headerTimeout = try seconds(headerTimeout, "HEADER_TIMEOUT", default: http.headerTimeout)
        http.bodyTimeout = try seconds(bodyTimeout, "BODY_TIMEOUT", default: http.bodyTimeout)
        http.idleTimeout = try seconds(idleTimeout, "IDLE_TIMEOUT", default: http.idleTimeout)
        http.writeTimeout = try seconds(writeTimeout, "WRITE_TIMEOUT", default: http.writeTimeout)
        http.maxConnections = try Environment.resolve(maxConnections, "MAX_CONNECTIONS", default: http.maxConnections)
        http.shutdownGracePeriod = try seconds(shutdownGrace, "SHUTDOWN_GRACE", default: http.shutdownGracePeriod)

        var graphQL = GraphQLLimits()
        graphQL.parse.maxDocumentBytes = try Environment.resolve(maxDocumentBytes, "MAX_DOCUMENT_BYTES", default: graphQL.parse.maxDocumentBytes)
        graphQL.parse.maxTokens = try Environment.resolve(maxTokens, "MAX_TOKENS", default: graphQL.parse.maxTokens)
        graphQL.parse.maxDepth = try Environment.resolve(maxDepth, "MAX_DEPTH", default: graphQL.parse.maxDepth)
        graphQL.maxExecutedFields = try Environment.resolve(maxExecutedFields, "MAX_EXECUTED_FIELDS", default: graphQL.maxExecutedFields)
        graphQL.documentCacheCapacity = try Environment.resolve(documentCacheSize, "DOCUMENT_CACHE_SIZE", default: graphQL.documentCacheCapacity)

        var json = JSONLimits()
        json.maxDepth = graphQL.parse.maxDepth
        json.maxBytes = http.maxBodyBytes

        let levelName = try Environment.resolve(logLevel, "LOG_LEVEL", default: "info")
        guard let level = Logger.Level(rawValue: levelName.lowercased()) else {
            throw ValidationError("unknown log level '\(levelName)'")
        }
        let origins = corsOrigins.isEmpty
            ? (Environment.string("CORS_ORIGINS")?.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces)) } ?? [])
            : corsOrigins

        var cache = ReadCacheConfiguration(
            timelineCapacity: try Environment.resolve(cacheTimelines, "CACHE_TIMELINES", default: 2_000),
            momentLikesCapacity: try Environment.resolve(cacheMomentLikes, "CACHE_MOMENT_LIKES", default: 20_000),
            externalChangeCheckIntervalMilliseconds: try Environment.resolve(externalChangeCheckMs, "EXTERNAL_CHANGE_CHECK_MS", default: 100)
        )
        guard cache.timelineCapacity >= 0, cache.momentLikesCapacity >= 0, cache.externalChangeCheckIntervalMilliseconds > 0 else {
            throw ValidationError("cache sizes must not be negative and the change check interval must be positive")
        }
        cache.isEnabled = cache.timelineCapacity > 0 && cache.momentLikesCapacity > 0

        let configuration = ServeConfiguration(
            host: try Environment.resolve(host, "HOST", default: "127.0.0.1"),
            port: try Environment.resolve(port, "PORT", default: 4000),
            databasePath: try Environment.resolve(databasePath, "DATABASE_PATH", default: "moments.sqlite"),
            readerConnections: try Environment.resolve(readers, "DATABASE_READERS", default: 4),
            cache: cache,
            logLevel: level,
            corsOrigins: origins,
            httpLimits: http,
            graphQLLimits: graphQL,
            jsonLimits: json
        )
        guard (0...65535).contains(configuration.port) else { throw ValidationError("port must be 0...65535") }
        guard configuration.readerConnections >= 1 else { throw ValidationError("readers must be at least 1") }
        return configuration
    }

    private func seconds(_ option: Double?, _ name: String, default fallback: Duration) throws -> Duration {
        let fallbackSeconds = Double(fallback.components.seconds) + Double(fallback.components.attoseconds) / 1e18
        let value = try Environment.resolve(option, name, default: fallbackSeconds)
        guard value > 0 else { throw ValidationError("\(name.lowercased()) must be positive") }
        return .milliseconds(Int64(value * 1000))
    }
}

/// Everything `serve` runs with, resolved from options, environment and defaults.
struct ServeConfiguration {
    var host: String
    var port: Int
    var databasePath: String
    var readerConnections: Int
    var cache: ReadCacheConfiguration
    var logLevel: Logger.Level
    var corsOrigins: [String]
    var httpLimits: HTTPLimits
    var graphQLLimits: GraphQLLimits
    var jsonLimits: JSONLimits

    var storeOptions: MomentsStore.Options {
        MomentsStore.Options(readers: readerConnections, seedDemoData: true, cache: cache)
    }

    var logMetadata: Logger.Metadata {
        [
            "host": "\(host)", "port": "\(port)", "database": "\(databasePath)",
            "readers": "\(readerConnections)", "cors": "\(corsOrigins)",
            "cacheTimelines": "\(cache.isEnabled ? cache.timelineCapacity : 0)", "cacheMomentLikes": "\(cache.momentLikesCapacity)",
            "maxBodyBytes": "\(httpLimits.maxBodyBytes)", "maxConnections": "\(httpLimits.maxConnections)",
            "headerTimeout": "\(httpLimits.headerTimeout)", "idleTimeout": "\(httpLimits.idleTimeout)",
            "maxDocumentBytes": "\(graphQLLimits.parse.maxDocumentBytes)", "maxDepth": "\(graphQLLimits.parse.maxDepth)",
            "maxExecutedFields": "\(graphQLLimits.maxExecutedFields)",
        ]
    }
}
