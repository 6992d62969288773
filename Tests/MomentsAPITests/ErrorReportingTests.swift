import GraphQL
import HTTP1
import JSON
import Logging
import Moments
import MomentsAPI
import MomentsFakes
import MetricsTestKit
import Locking
import Testing

/// What `/graphql` tells operators about errors: the internal error's log
/// line names its request, and every error is counted by code.
@Suite struct ErrorReportingTests {
    final class Events: Sendable {
        let logged = Locked<[(message: String, metadata: Logger.Metadata)]>([])
    }

    /// Keeps every event logged through it.
    struct CapturingHandler: LogHandler {
        let events: Events
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            events.logged.withLock { $0.append((event.message.description, event.metadata ?? [:])) }
        }
    }

    struct DiskOnFire: Error {}

    @Test func anInternalErrorsLogLineNamesTheRequest() throws {
        let events = Events()
        let mapping = ErrorMapping(logger: Logger(label: "test", factory: { _ in CapturingHandler(events: events) }))
        let context = MomentsContext(services: InMemoryDatabase.demo().services)
        var request = HTTPRequest(method: .post, target: "/graphql")
        request.requestID = "k3f9qz-0000001a"
        context.request = request

        let error = mapping.graphQLError(for: DiskOnFire(), context: context)
        #expect(error.code == .internalServerError && error.message == "Internal server error.")
        let logged = try #require(events.logged.withLock { $0 }.first)
        #expect(logged.message == "internal error while resolving a field")
        #expect(logged.metadata["requestID"] == "k3f9qz-0000001a")
        #expect(logged.metadata["error"]?.description.contains("DiskOnFire") == true)
    }

    @Test func errorsAreCountedByCode() {
        let metrics = TestMetrics()
        let database = InMemoryDatabase.demo()
        let errors = ErrorMapping(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let engine = GraphQLEngine(schema: MomentsSchema.schema, errorMapper: { errors.graphQLError(for: $0, context: $1) })
        let handler = GraphQLHTTPHandler(
            engine: engine, services: database.services, errorCounters: GraphQLErrorCounters(factory: metrics))
        func post(_ body: String) -> HTTPResponse {
            handler.handle(HTTPRequest(method: .post, target: "/graphql", headers: ["Content-Type": "application/json"], body: Array(body.utf8)))
        }
        _ = post(#"{"query":"{ nope"}"#)
        _ = post(#"{"query":"{ nope"}"#)
        _ = post(#"{"query":"{ unknownField }"}"#)
        _ = post(#"{"query":"{ getMomentsDetailsByUserID(userID: \"missing\") { moments { id } } }"}"#)
        _ = post("not json")
        func count(_ code: GraphQLErrorCode) -> Int64? {
            try? metrics.expectCounter(GraphQLErrorCounters.label, [("code", code.rawValue)]).totalValue
        }
        #expect(count(.parseFailed) == 2)
        #expect(count(.validationFailed) == 1)
        #expect(count(.notFound) == 1)
        #expect(count(.badUserInput) == 1)
        #expect(count(.internalServerError) == 0)
    }
}

extension InMemoryDatabase {
    var services: MomentsServices {
        MomentsServices(timelines: timelineService(), likes: likeService())
    }
}
