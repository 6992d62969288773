import ArgumentParser
import CoreMetrics
import Glibc
import GraphQL
import HTTP1
import HTTPServer
import JSON
import Logging
import Moments
import MomentsAPI
import MomentsStorage
import ServerMetrics
import ToggleSource
import Traces

/// `moments-bff serve` (the default): opens the database and serves HTTP until SIGTERM/SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve /graphql (the default command)."
    )

    @OptionGroup var options: ServeOptions
    @OptionGroup(title: "Remote toggles") var toggleOptions: ToggleOptions
    @OptionGroup(title: "Persisted queries and authentication") var access: AccessOptions
    @OptionGroup(title: "Traces (OpenTelemetry)") var tracingOptions: TracingOptions

    func run() throws {
        MallocArenas.limit()
        let configuration = try options.resolve()
        let toggleSettings = try toggleOptions.resolve(databasePath: DatabaseLocation(configuration.databasePath).localFileStem)
        let persistedQueries = try access.resolvePersistedQueries()
        let authenticator = try access.resolveAuthenticator()
        let allowAnonymous = access.resolveAllowAnonymous
        // Nil (no endpoint): no tracer anywhere, so no layer spends anything on spans.
        let tracing = try tracingOptions.resolve().map(ServeTracing.init)
        // Spans still waiting are sent on every way out (bounded by the export timeout).
        defer { tracing?.processor.shutdown() }
        try AccessOptions.checkProtectedMode(
            host: configuration.host, authenticated: authenticator != nil, allowAnonymous: allowAnonymous)
        // Only an anonymous server judges Host names: with a secret a rebound page holds no token.
        let hostCheck = authenticator == nil ? access.resolveHostCheck : nil
        let label = "moments-bff"
        let logFormat = configuration.logFormat
        let logWriter = LogWriter(capacity: configuration.logBufferBytes, label: label, format: logFormat)
        // Runs on every way out of `run`, thrown errors included: queued lines get a bounded wait.
        defer { logWriter.finish() }
        LoggingSystem.bootstrap(
            { label, provider in
                StandardErrorLogHandler(
                    label: label, level: configuration.logLevel, writer: logWriter, format: logFormat, metadataProvider: provider)
            }, metadataProvider: tracing.map { _ in ServeTracing.logMetadata })
        // Made before the layers, which make their metrics with its factory.
        let metrics = configuration.metrics == .off ? nil : ServeMetrics()
        let metricsFactory: any MetricsFactory = metrics?.factory ?? NOOPMetricsHandler.instance
        let logger = Logger(label: label)
        logger.info("starting", metadata: configuration.logMetadata)
        if let tracing { logger.info("traces", metadata: tracing.summary) }
        logger.info("access", metadata: [
            "apq": "\(persistedQueries.automaticPersistedQueries && persistedQueries.trustedDocuments == nil ? "on" : "off")",
            "trustedDocuments": "\(persistedQueries.trustedDocuments?.operations.count ?? 0)",
            "auth": "\(authenticator == nil ? "off" : "bearer HS256")",
            "allowedHosts": "\(hostCheck?.allowedHosts ?? [])",
        ])
        let anonymousNote = authenticator == nil && !InternalPageSetting.isLoopback(configuration.host)
            ? "anonymous access allowed (--allow-anonymous): anyone who reaches \(configuration.host) acts as any user"
            : nil
        if let anonymousNote { logger.warning("\(anonymousNote)") }

        let store: MomentsStore
        do {
            var storeOptions = configuration.storeOptions
            storeOptions.metrics = metricsFactory
            storeOptions.tracer = tracing?.tracer
            // One line per change of the database's state, never one per request.
            storeOptions.onReachabilityChange = { change in
                switch change {
                case .unreachable(let reason):
                    logger.error("database unreachable: requests that need it fail fast until it answers again", metadata: ["reason": "\(reason)"])
                case .reachable(let after):
                    logger.notice("database reachable again", metadata: ["unreachableSeconds": "\(after.components.seconds)"])
                }
            }
            store = try MomentsStore.open(database: DatabaseLocation(configuration.databasePath), options: storeOptions)
        } catch {
            logger.critical("cannot open database \(DatabaseLocation(configuration.databasePath)): \(error)")
            throw ExitCode.failure
        }
        // Toggles: loaded now (the file, or the last good fetched state), then
        // refreshed on a queue of their own; requests only read the current state.
        let toggleRefresher = ToggleRefresher(configuration: toggleSettings.source, log: { logger.warning("\($0)") })
        toggleRefresher.start()
        defer { toggleRefresher.stop() }
        let toggles = FeatureToggles(
            store: toggleRefresher.store, appName: toggleSettings.source.appName, environment: toggleSettings.environment)
        let timelines = TimelineService(users: store.users, moments: store.moments, likes: store.likes, pageSize: configuration.pageSize)
        let likes = LikeService(users: store.users, moments: store.moments, likes: store.likes, pageSize: configuration.pageSize)
        let errors = ErrorMapping(logger: logger)
        let engine = GraphQLEngine(
            schema: MomentsSchema.schema,
            limits: configuration.graphQLLimits,
            errorMapper: { errors.graphQLError(for: $0, context: $1) },
            tracer: tracing?.tracer
        )
        try persistedQueries.checkTrustedDocuments(with: engine)

        // Kept answers are dropped by the store's change feed (whatever the read cache's settings).
        var responseCache: ResponseCache?
        if configuration.responseCacheBytes > 0 {
            let cache = ResponseCache(capacityBytes: configuration.responseCacheBytes)
            store.observeChanges(cache)
            responseCache = cache
        }

        var router = Router()
        let errorCounters = GraphQLErrorCounters(factory: metricsFactory)
        let services = MomentsServices(
            timelines: timelines, likes: likes, toggles: toggles,
            storageIsReachable: { [reachability = store.reachability] in reachability?.isReachable ?? true })
        // The handler pool, shared by requests and live likes' fan-out (made here, so both can have it).
        let handlerPool = HandlerPool.handlers(configuration.threads)
        // Live likes hear each like from the store's change feed (whatever the caches' settings).
        var liveLikes: LiveLikes?
        if configuration.streams.maxStreams > 0 {
            let live = LiveLikes(engine: engine, services: services, limits: configuration.streams, jobs: handlerPool)
            store.observeChanges(live.changeObserver)
            liveLikes = live
        }
        let graphQL = GraphQLHTTPHandler(
            engine: engine,
            services: services,
            jsonLimits: configuration.jsonLimits,
            responseCache: responseCache,
            persistedQueries: persistedQueries,
            authenticator: authenticator,
            errorCounters: errorCounters,
            live: liveLikes
        )
        router.add(.post, "/graphql", graphQL)
        // A browser's GET without a query gets the explorer page; everything else the endpoint.
        router.add(.get, "/graphql", configuration.explorer == .on ? ExplorerHandler(next: graphQL) : graphQL)
        // Routes that never touch the database run inline on the I/O thread,
        // /readyz too: it reads the database's state, never the database;
        // /graphql waits on storage, so it runs on the bounded handler pool.
        router.add(.get, "/healthz", execution: .inline, LivenessHandler())
        router.add(.get, "/readyz", execution: .inline, ReadinessHandler(notes: anonymousNote.map { [$0] } ?? [], problem: { store.unavailability?.summary }))
        router.add(.get, "/", execution: .inline, RootPageHandler())

        // /metrics on the main port, or on a server of its own (--metrics-port).
        var metricsRouter = Router()
        if let metrics {
            let handler = MetricsHandler(exporter: metrics.exporter)
            if configuration.metrics == .mainPort {
                router.add(.get, "/metrics", handler)
            } else {
                metricsRouter.add(.get, "/metrics", handler)
            }
        }

        // The QA page (its default depends on the address: see InternalPageSetting).
        let internalPage = configuration.internalPage.isEnabled(host: configuration.host)
        // Every response is counted once, from the transport's record; the QA page shows the totals.
        let requests = metrics?.requests(
            routes: router.paths + (internalPage ? InternalRoutes.paths : []) + metricsRouter.paths,
            operations: AppDocuments.operationNames + (persistedQueries.trustedDocuments?.operations.map(\.name) ?? []))
        if internalPage {
            InternalRoutes(
                configuration: configuration, store: store, responseCache: responseCache,
                access: anonymousNote ?? (authenticator == nil ? "anonymous, on loopback only" : "bearer tokens (HS256)"),
                responseTotals: { requests?.responseTotals }, toggles: toggles)
                .add(to: &router)
        }

        let handler = CORSHandler(
            policy: CORSPolicy(allowedOrigins: configuration.corsOrigins), paths: [AccessPolicy.graphQLPath], next: router)
        // Decided from each request's head, before its body: the Host check
        // (anonymous), or the token on every route that shows or changes data.
        let admission = AccessPolicy(
            hostCheck: hostCheck, authenticator: authenticator,
            protectedPaths: Set(router.paths.filter { $0 == AccessPolicy.graphQLPath || $0 == "/metrics" || $0.hasPrefix("/internal/") }),
            errorCounters: errorCounters)
        // One record per response, handled or refused by the transport: the
        // access log (info) and the request metrics both come from it.
        // Each server's responses are labelled by the paths it routes.
        let accessLog = configuration.logLevel <= .info
        func onResponse(routing paths: [String]) -> Server.AccessLog? {
            guard accessLog || requests != nil else { return nil }
            let routeMask = requests?.routeMask(for: paths)
            return { @Sendable entry in
                requests?.record(entry, routeMask: routeMask)
                if accessLog { logWriter.append(AccessLogLine.make(entry, label: label, format: logFormat)) }
            }
        }
        let server = Server(
            host: configuration.host, port: configuration.port, limits: configuration.httpLimits, threads: configuration.threads, admission: admission,
            handler: handler,
            accessLog: onResponse(routing: router.paths),
            logger: { message in logger.warning("\(message)") },
            handlerPool: handlerPool,
            tracing: tracing.map { ServerTracing(tracer: $0.tracer, routes: Set(router.paths)) }
        )
        var metricsServer: Server?
        if case .port(let port) = configuration.metrics {
            metricsServer = Server(
                host: configuration.host, port: port, limits: configuration.httpLimits, threads: configuration.threads,
                admission: AccessPolicy(hostCheck: hostCheck, authenticator: nil, protectedPaths: []), handler: metricsRouter,
                accessLog: onResponse(routing: metricsRouter.paths), logger: { message in logger.warning("\(message)") })
        }
        let servers = [server] + (metricsServer.map { [$0] } ?? [])
        metrics?.collect(
            servers: servers, store: store, fragments: engine.fragments, logWriter: logWriter, live: liveLikes, traces: tracing?.processor)

        if let metricsServer {
            let metricsAddress = try metricsServer.start()
            print("metrics on http://\(metricsAddress)/metrics")
        }
        let address = try server.start()
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT]) { signal in
            logger.info("received signal \(signal), shutting down")
            for server in servers { server.stop() }
        }

        // Tests and scripts wait for exactly this line on standard output (last).
        print("listening on http://\(address)")
        fflush(nil)

        for server in servers { server.waitUntilStopped() }
        signals.cancel()
        store.close()
        logger.info("stopped")
    }
}
