import Glibc
import HTTP1
import HTTPServer
import JSON
import MomentsAPI
import MomentsStorage
import ServerMetrics

/// The QA page at `/internal` (see `InternalPageSetting`): the page, the
/// facts it shows (`/internal/facts`) and the reset (`/internal/reset`).
struct InternalRoutes {
    let configuration: ServeConfiguration
    let store: MomentsStore
    let responseCache: ResponseCache?
    /// Who may act as whom, as the page shows it (bearer tokens, anonymous on loopback, `--allow-anonymous`).
    let access: String
    /// Responses counted so far (the request metrics' totals); nil with `--metrics off`.
    let responseTotals: @Sendable () -> ResponseTotals.Snapshot?
    /// The remote toggles whose source, age and last fetch the page shows.
    var toggles: FeatureToggles? = nil
    /// Asked for by the reset; a new one per process.
    let resetToken = InternalRoutes.makeToken()
    let startedAt = Int(WallClock.nowMilliseconds() / 1000)

    /// Rows counted per table, at most (a count is a scan; see `databaseFacts`).
    static let rowCountLimit = 10_000
    /// Viewers offered by the page's picker; any other id can be typed.
    static let viewerLimit = 200

    /// The reset exists only for an explicit `--internal-page on`: `auto`
    /// turns the page on for every developer's loopback run, and wiping a
    /// database is not something to find switched on by default.
    var resetAvailable: Bool { configuration.internalPage == .on }

    /// The paths `add(to:)` routes (each a metrics route label).
    static let paths = ["/internal", "/internal/facts", "/internal/reset"]

    func add(to router: inout Router) {
        router.add(.get, Self.paths[0], InternalPageHandler())
        let store = self.store
        router.add(.get, Self.paths[1], InternalFactsHandler(facts: { try facts() }, unavailable: { store.unavailability?.description }))
        router.add(.post, Self.paths[2], InternalResetHandler(
            available: resetAvailable, token: resetToken, reset: { try store.resetToDemoData() }))
    }

    func facts() throws -> JSONValue {
        let database = try store.databaseFacts(countLimit: Self.rowCountLimit)
        let viewers = try store.someUsers(limit: Self.viewerLimit)
        // Never a PostgreSQL password on the page.
        let path = DatabaseLocation(configuration.databasePath).description
        var rows = JSONObject()
        for row in database.rows {
            rows.appendUnique(row.table, ["count": .int(row.count), "atLeast": .bool(row.isAtLeast)])
        }
        let readCache = store.readCacheCounts
        let usage = responseCache?.usage
        let now = Int(WallClock.nowMilliseconds() / 1000)
        var reset: JSONObject = ["available": .bool(resetAvailable)]
        if resetAvailable { reset.appendUnique("token", .string(resetToken)) }
        return [
            "server": [
                "version": .string(BuildInfo.version),
                "build": .string(BuildInfo.configuration),
                "compiler": .string(BuildInfo.compiler),
                "builtAt": BuildInfo.builtAt.map { .int($0) } ?? .null,
                "startedAt": .int(startedAt),
                "uptimeSeconds": .int(now - startedAt),
                "pid": .int(Int(getpid())),
                "access": .string(access),
            ],
            "configuration": .array(settings.map { ["option": .string($0.option), "value": .string($0.value)] }),
            "database": [
                "path": .string(path),
                // The whole reason, libpq's message included: this page is behind the token (and loopback by default).
                "unavailable": store.unavailability.map { .string($0.description) } ?? .null,
                "fileBytes": Self.fileSize(path).map { .int($0) } ?? .null,
                "walBytes": Self.fileSize(path + "-wal").map { .int($0) } ?? .null,
                "pageSize": .int(database.pageSize),
                "pageCount": .int(database.pageCount),
                "freePages": .int(database.freePages),
                "journalMode": .string(database.journalMode),
                "schemaVersion": .int(database.schemaVersion),
                "supportedSchemaVersion": .int(database.supportedSchemaVersion),
                "sqliteVersion": .string(database.sqliteVersion),
                "rowCountLimit": .int(Self.rowCountLimit),
                "rows": .object(rows),
            ],
            "caches": [
                "readCache": readCache.map { counts in
                    [
                        "timelines": .int(counts.timelines), "timelineCapacity": .int(configuration.cache.timelineCapacity),
                        "momentLikes": .int(counts.likers), "momentLikesCapacity": .int(configuration.cache.momentLikesCapacity),
                    ]
                } ?? .null,
                "responseCache": usage.map { usage in
                    ["entries": .int(usage.entries), "bytes": .int(usage.bytes), "capacityBytes": .int(configuration.responseCacheBytes)]
                } ?? .null,
            ],
            "requests": responseTotals().map { totals in
                [
                    "total": .int(totals.total),
                    "fromResponseCache": .int(totals.fromCache),
                    "2xx": .int(totals.count(statusClass: 2)),
                    "3xx": .int(totals.count(statusClass: 3)),
                    "4xx": .int(totals.count(statusClass: 4)),
                    "5xx": .int(totals.count(statusClass: 5)),
                ]
            } ?? .null,
            "toggles": toggleFacts(now: WallClock.nowMilliseconds()),
            "viewers": .array(viewers.map { ["id": .string($0.id), "name": .string($0.name)] }),
            "reset": .object(reset),
        ]
    }

    /// Every setting the server runs with, options and limits alike, by option name.
    private var settings: [(option: String, value: String)] {
        let c = configuration, http = c.httpLimits, graphQL = c.graphQLLimits
        return [
            ("--host", c.host), ("--port", String(c.port)), ("--database", DatabaseLocation(c.databasePath).description),
            ("--read-database", c.readDatabase.map { DatabaseLocation($0).description } ?? "none"),
            ("--log-level", c.logLevel.rawValue), ("--log-format", c.logFormat.rawValue),
            ("--log-buffer-bytes", String(c.logBufferBytes)), ("--metrics", c.metricsDescription),
            ("--cors-origin", c.corsOrigins.isEmpty ? "none" : c.corsOrigins.joined(separator: ", ")),
            ("--readers", String(c.readerConnections)),
            ("--cache-timelines", c.cache.isEnabled ? String(c.cache.timelineCapacity) : "0 (read cache off)"),
            ("--cache-moment-likes", String(c.cache.momentLikesCapacity)),
            ("--response-cache-bytes", String(c.responseCacheBytes)),
            ("--max-page-size", String(c.pageSize.maximum)),
            ("--external-change-check-ms", String(c.cache.externalChangeCheckIntervalMilliseconds)),
            ("--explorer", c.explorer.rawValue), ("--internal-page", c.internalPage.rawValue),
            ("--max-request-line-bytes", String(http.maxRequestLineLength)),
            ("--max-header-bytes", String(http.maxHeaderBlockBytes)),
            ("--max-header-count", String(http.maxHeaderCount)),
            ("--max-body-bytes", String(http.maxBodyBytes)),
            ("--header-timeout", "\(http.headerTimeout)"), ("--body-timeout", "\(http.bodyTimeout)"),
            ("--min-request-body-rate", "\(http.minRequestBodyDataRate) B/s"),
            ("--min-response-rate", "\(http.minResponseDataRate) B/s"),
            ("--data-rate-grace", "\(http.dataRateGracePeriod)"),
            ("--idle-timeout", "\(http.idleTimeout)"), ("--write-timeout", "\(http.writeTimeout)"),
            ("--max-connections", String(http.maxConnections)), ("--io-threads", String(c.threads.ioThreads)),
            ("--max-concurrent-requests", String(c.threads.maxConcurrentHandlers)),
            ("--max-queued-requests", String(c.threads.maxQueuedHandlers)),
            ("--shutdown-grace", "\(http.shutdownGracePeriod)"),
            ("--max-streams", String(c.streams.maxStreams)),
            ("--max-streams-per-viewer", String(c.streams.maxStreamsPerViewer)),
            ("--stream-heartbeat", "\(c.streams.sseHeartbeat)"),
            ("--max-document-bytes", String(graphQL.parse.maxDocumentBytes)),
            ("--max-tokens", String(graphQL.parse.maxTokens)), ("--max-depth", String(graphQL.parse.maxDepth)),
            ("--max-executed-fields", String(graphQL.maxExecutedFields)),
            ("--max-response-bytes", String(graphQL.maxResponseBytes)),
            ("--max-batch-operations", String(graphQL.maxBatchOperations)),
            ("--max-validation-cost", String(graphQL.maxValidationCost)),
            ("--request-timeout", "\(graphQL.requestTimeout)"),
            ("--document-cache-size", String(graphQL.documentCacheCapacity)),
            ("--document-cache-bytes", String(graphQL.documentCacheBytes)),
            ("--fragment-cache-bytes", String(graphQL.fragmentCacheBytes)),
            ("max validation errors", String(graphQL.maxValidationErrors)),
            ("max chunk extension bytes", String(http.maxChunkExtensionBytes)),
            ("max trailer bytes", String(http.maxTrailerBytes)),
            ("max pending output bytes", String(http.maxPendingOutputBytes)),
            ("max dedicated handlers", String(c.threads.maxDedicatedHandlers)),
            ("linger timeout", "\(http.lingerTimeout)"),
        ]
    }

    /// The toggle state's source, age and last fetch, as the page shows them.
    private func toggleFacts(now milliseconds: Int64) -> JSONValue {
        guard let toggles else { return .null }
        let snapshot = toggles.store.snapshot
        let now = Double(milliseconds) / 1000
        var facts: JSONObject = [
            "source": .string(snapshot.source),
            "ageSeconds": .int(max(0, Int(now - snapshot.loadedAt))),
            "features": .int(snapshot.state.features.count),
        ]
        facts["lastFetch"] = snapshot.lastFetch.map { report in
            ["succeeded": .bool(report.succeeded), "outcome": .string(report.outcome), "ageSeconds": .int(max(0, Int(now - report.at)))]
        } ?? .null
        return .object(facts)
    }

    private static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    /// 128 random bits as hex.
    private static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let hex = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }
}
