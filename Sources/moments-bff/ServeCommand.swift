import ArgumentParser
import Foundation
import GraphQL
import HTTP1
import HTTPServer
import JSON
import Logging
import Moments
import MomentsAPI
import MomentsStorage

/// `moments-bff serve` (the default): opens the database and serves HTTP until SIGTERM/SIGINT.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve /graphql (the default command)."
    )

    @OptionGroup var options: ServeOptions

    func run() throws {
        let configuration = try options.resolve()
        LoggingSystem.bootstrap { label in StandardErrorLogHandler(label: label, level: configuration.logLevel) }
        let logger = Logger(label: "moments-bff")
        logger.info("starting", metadata: configuration.logMetadata)

        let store: MomentsStore
        do {
            store = try MomentsStore.open(path: configuration.databasePath, options: configuration.storeOptions)
        } catch {
            logger.critical("cannot open database \(configuration.databasePath): \(error)")
            throw ExitCode.failure
        }
        let timelines = TimelineService(users: store.users, moments: store.moments, likes: store.likes)
        let likes = LikeService(users: store.users, moments: store.moments, likes: store.likes)
        let errors = ErrorMapping(logger: logger)
        let engine = GraphQLEngine(
            schema: MomentsSchema.schema,
            limits: configuration.graphQLLimits,
            errorMapper: { errors.graphQLError(for: $0) }
        )

        var router = Router()
        let graphQL = GraphQLHTTPHandler(
            engine: engine,
            services: MomentsServices(timelines: timelines, likes: likes),
            jsonLimits: configuration.jsonLimits
        )
        router.add(.post, "/graphql", graphQL)
        router.add(.get, "/graphql", graphQL)
        // Routes that never touch the database run inline on the I/O thread;
        // /graphql and /readyz may wait on SQLite, so they run off it.
        router.add(.get, "/healthz", nonBlocking: true, LivenessHandler())
        router.add(.get, "/readyz", ReadinessHandler(ping: { try store.ping() }))
        router.add(.get, "/", nonBlocking: true, RootPageHandler())

        let handler = AccessLogHandler(
            logger: logger,
            next: CORSHandler(policy: CORSPolicy(allowedOrigins: configuration.corsOrigins), next: router)
        )
        let server = Server(
            host: configuration.host, port: configuration.port, limits: configuration.httpLimits, handler: handler,
            accessLog: { entry in
                // Handled requests are logged by AccessLogHandler (with the
                // operation name); this sees the ones refused before routing.
                guard entry.method == nil else { return }
                logger.info("- - \(entry.status) \(entry.bytes)B refused by the transport")
            },
            logger: { message in logger.warning("\(message)") }
        )
        let address = try server.start()
        let signals = SignalWatcher(signals: [SIGTERM, SIGINT]) { signal in
            logger.info("received signal \(signal), shutting down")
            server.stop()
        }

        // Tests and scripts wait for exactly this line on standard output.
        print("listening on http://\(address)")
        fflush(nil)

        server.waitUntilStopped()
        signals.cancel()
        store.close()
        logger.info("stopped")
    }
}
