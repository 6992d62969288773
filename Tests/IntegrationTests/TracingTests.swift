import Foundation
import Testing
import TestSupport

/// OpenTelemetry traces (docs/operations.md, "Traces"), read by a real
/// OTLP/HTTP receiver (`otlp-receiver.py`, which decodes protobuf with the
/// official opentelemetry-proto definitions): the spans of a timeline read
/// and of a like, their kinds, attributes and parents, the caller's
/// `traceparent`, the samplers, and a collector that is down or hangs.
@Suite(.enabled(if: OTLPReceiver.shouldRun, OTLPReceiver.skipReason))
struct TracingTests {
    static let timeline = "query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) { getMomentsDetailsByUserID(userID: $userID) { moments { id likes @include(if: $withLikes) { id } } } }"
    static let callerTrace = "0af7651916cd43dd8448eb211c80319c"
    static let callerSpan = "b7ad6b7169203331"
    static var engine: String { PostgreSQLServer.integrationEngineIsPostgreSQL ? "postgresql" : "sqlite" }

    /// A server exporting to `receiver` every 50 ms, with `environment` on top.
    static func server(
        _ receiver: OTLPReceiver, _ directory: TemporaryDirectory, environment: [String: String] = [:], arguments: [String] = []
    ) throws -> ServerProcess {
        var variables = ["OTEL_EXPORTER_OTLP_ENDPOINT": receiver.endpoint, "OTEL_BSP_SCHEDULE_DELAY": "50"]
        variables.merge(environment) { $1 }
        return try ServerProcess(databasePath: directory.databasePath, arguments: arguments, environment: variables)
    }

    static func readTimeline(port: Int, traceparent: String? = nil, headers: [String: String] = [:]) throws -> Int {
        var headers = headers.merging(GraphQLClient.appHeaders) { first, _ in first }
        if let traceparent { headers["traceparent"] = traceparent }
        let reply = try BlockingRequest.graphQL(
            port: port, query: timeline, variables: ["userID": "0", "withLikes": true], operationName: "getMomentsDetailsByUserID",
            headers: headers)
        return reply.status
    }

    /// The trace's spans once at least `count` came and its `SERVER` span among them:
    /// that span ends last, and the exporter sends spans in the order they ended,
    /// so a slow machine (a sanitizer's build) cannot show a trace cut short.
    static func trace(_ traceID: String, of receiver: OTLPReceiver, count: Int) -> [ReceivedSpan] {
        receiver.waitForSpans { spans in
            let trace = spans.filter { $0.traceID == traceID }
            return trace.count >= count && trace.contains { $0.kind == .server }
        }.filter { $0.traceID == traceID }
    }

    @Test func aTimelineReadIsOneTraceUnderItsCaller() throws {
        let receiver = try OTLPReceiver()
        let directory = try TemporaryDirectory()
        // The read cache off: every read reaches the database, so its spans are there.
        let server = try Self.server(receiver, directory, arguments: ["--cache-timelines", "0", "--response-cache-bytes", "0"])
        defer { _ = server.stop() }
        let status = try Self.readTimeline(
            port: server.port, headers: ["traceparent": "00-\(Self.callerTrace)-\(Self.callerSpan)-01", "tracestate": "vendor=opaque"])
        #expect(status == 200)

        let spans = Self.trace(Self.callerTrace, of: receiver, count: 7)
        let request = try #require(spans.first { $0.kind == .server }, "\(receiver.transcript)")
        #expect(request.name == "POST /graphql")
        #expect(request.parentSpanID == Self.callerSpan, "the caller's span is the parent")
        #expect(request.traceState == "vendor=opaque")
        #expect(request.attributes["http.request.method"] == .string("POST"))
        #expect(request.attributes["url.path"] == .string("/graphql"))
        #expect(request.attributes["http.route"] == .string("/graphql"))
        #expect(request.attributes["http.response.status_code"] == .int(200))
        #expect(request.resource["service.name"] == .string("moments-bff"))

        let operation = try #require(spans.first { $0.name == "query getMomentsDetailsByUserID" }, "\(spans.map(\.name))")
        #expect(operation.parentSpanID == request.spanID)
        #expect(operation.attributes["graphql.operation.name"] == .string("getMomentsDetailsByUserID"))
        #expect(operation.attributes["graphql.operation.type"] == .string("query"))
        #expect(operation.statusCode == .unset)
        for step in ["graphql.parse", "graphql.validate", "graphql.execute"] {
            #expect(spans.first { $0.name == step }?.parentSpanID == operation.spanID, "\(step) under the operation")
        }
        let execute = try #require(spans.first { $0.name == "graphql.execute" })
        let statements = spans.filter { $0.kind == .client }
        #expect(!statements.isEmpty)
        for statement in statements {
            #expect(statement.parentSpanID == execute.spanID, "\(statement.name) under execute")
            #expect(statement.attributes["db.system.name"] == .string(Self.engine))
            #expect(statement.name.hasPrefix("SELECT "), "a statement's name, never its parameters: \(statement.name)")
        }
        #expect(statements.contains { $0.name == "SELECT timeline" }, "\(statements.map(\.name))")
        for span in spans {
            #expect(span.start <= span.end)
            #expect(span.flags & 1 == 1, "sampled")
        }
        // The access log names the trace.
        #expect(server.waitForStderrLine { $0.contains("POST /graphql 200") && $0.contains("traceID=\(Self.callerTrace)") } != nil)
    }

    @Test func aLikeIsTracedThroughItsCommitToItsStreams() throws {
        let receiver = try OTLPReceiver()
        let directory = try TemporaryDirectory()
        let server = try Self.server(receiver, directory)
        defer { _ = server.stop() }
        // A stream whose page holds moment 4: the like's fan-out pushes to it.
        let stream = try StreamingClient.curl(port: server.port, accept: "text/event-stream", body: LiveLikesTests.subscription(userID: "0"))
        defer { stream.kill() }
        #expect(stream.waitFor(within: .seconds(10)) { $0.header("Content-Type") != nil })
        #expect(try LiveLikesTests.metric("moments_streams_open", of: server) == 1)

        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        #expect(stream.waitFor(within: .seconds(10)) { $0.body.contains(#""isLiked":true"#) }, "\(stream.body)")
        // The like's own fan-out (a stream's opening may make one of its own, in a trace of its own)
        // and its request's span: either may end last.
        let likes = receiver.waitForSpans { spans in
            guard let like = spans.first(where: { $0.name == "mutation updateMomentLike" }) else { return false }
            let trace = spans.filter { $0.traceID == like.traceID }
            return trace.contains { $0.name == "fan-out" } && trace.contains { $0.kind == .server }
        }
        let operation = try #require(likes.first { $0.name == "mutation updateMomentLike" }, "\(receiver.transcript)")
        let spans = likes.filter { $0.traceID == operation.traceID }
        let request = try #require(spans.first { $0.spanID == operation.parentSpanID })
        #expect(request.kind == .server)
        #expect(request.parentSpanID == "", "no traceparent: a trace of its own")
        let insert = try #require(spans.first { $0.name == "INSERT moment_likes" }, "\(spans.map(\.name))")
        #expect(insert.kind == .client)
        #expect(insert.attributes["db.operation.name"] == .string("INSERT"))
        #expect(insert.attributes["db.collection.name"] == .string("moment_likes"))
        let wait = try #require(spans.first { $0.name == "commit wait" })
        #expect(wait.parentSpanID == insert.spanID)
        if Self.engine == "sqlite" {
            // The group commit it was part of, with the writer's own times: the wait ends after it
            // (the writer may begin it before the waiting thread starts to wait).
            let commit = try #require(spans.first { $0.name == "COMMIT" })
            #expect(commit.parentSpanID == insert.spanID)
            #expect(commit.attributes["db.operation.batch.size"] == .int(1))
            #expect(commit.start >= insert.start && commit.end <= wait.end)
        }
        // The fan-out joined the like's trace, after it, with the stream's page read under it.
        let fanOut = try #require(spans.first { $0.name == "fan-out" }, "\(spans.map(\.name))")
        #expect(spans.contains { $0.spanID == fanOut.parentSpanID }, "a child of a span of the like's request")
        #expect(fanOut.attributes["moments.fanout.streams"] == .int(1))
        #expect(fanOut.attributes["moments.fanout.moments"] == .int(1))
        #expect(spans.contains { $0.parentSpanID == fanOut.spanID && $0.name == "graphql.execute" })
    }

    @Test func ratioZeroExportsNothing() throws {
        let receiver = try OTLPReceiver()
        let directory = try TemporaryDirectory()
        let server = try Self.server(receiver, directory, environment: ["OTEL_TRACES_SAMPLER": "traceidratio", "OTEL_TRACES_SAMPLER_ARG": "0"])
        for round in 0..<10 {
            // A sampled caller too: traceidratio ignores the parent.
            let parent = round.isMultiple(of: 2) ? "00-\(Self.callerTrace)-\(Self.callerSpan)-01" : nil
            #expect(try Self.readTimeline(port: server.port, traceparent: parent) == 200)
        }
        // Stopping flushes what waits: after the exit, whatever was to be sent was sent.
        #expect(server.stop() == 0)
        #expect(receiver.requests.isEmpty, "\(receiver.transcript)")
        // The access log names the caller's trace, sampled or not; a root dropped here has no id.
        let answered = server.stderrLines.filter { $0.contains("POST /graphql 200") }
        #expect(answered.count == 10)
        #expect(answered.filter { $0.contains("traceID=\(Self.callerTrace)") }.count == 5)
        #expect(answered.filter { $0.contains("traceID=") }.count == 5, "\(answered)")
    }

    @Test func parentBasedFollowsTheCallersSampledFlag() throws {
        let receiver = try OTLPReceiver()
        let directory = try TemporaryDirectory()
        let server = try Self.server(receiver, directory, environment: ["OTEL_TRACES_SAMPLER": "parentbased_always_on"])
        let unsampled = "1bf7651916cd43dd8448eb211c80319c"
        #expect(try Self.readTimeline(port: server.port, traceparent: "00-\(unsampled)-\(Self.callerSpan)-00") == 200)
        #expect(try Self.readTimeline(port: server.port, traceparent: "00-\(Self.callerTrace)-\(Self.callerSpan)-01") == 200)
        #expect(try Self.readTimeline(port: server.port) == 200)
        #expect(server.stop() == 0)
        let spans = receiver.spans
        #expect(!spans.contains { $0.traceID == unsampled }, "the caller did not sample it")
        #expect(spans.contains { $0.traceID == Self.callerTrace && $0.kind == .server })
        let roots = spans.filter { $0.kind == .server && $0.parentSpanID.isEmpty }
        #expect(roots.count == 1, "no traceparent: sampled as a root (always_on)")
        #expect(server.stderrLines.contains { $0.contains("traceID=\(unsampled)") }, "an unsampled trace is still logged")
    }

    @Test func jsonExportCarriesTheSameSpans() throws {
        let receiver = try OTLPReceiver()
        let directory = try TemporaryDirectory()
        let server = try Self.server(
            receiver, directory,
            environment: ["OTEL_EXPORTER_OTLP_PROTOCOL": "http/json", "OTEL_SERVICE_NAME": "bff-json",
                          "OTEL_RESOURCE_ATTRIBUTES": "deployment.environment.name=test,team=moments%20app"],
            arguments: ["--log-format", "json"])
        defer { _ = server.stop() }
        #expect(try Self.readTimeline(port: server.port, traceparent: "00-\(Self.callerTrace)-\(Self.callerSpan)-01") == 200)
        let spans = Self.trace(Self.callerTrace, of: receiver, count: 5)
        let request = try #require(spans.first { $0.kind == .server }, "\(receiver.transcript)")
        #expect(request.encoding == "json")
        #expect(receiver.requests.allSatisfy { $0.contentType == "application/json" })
        #expect(request.resource["service.name"] == .string("bff-json"))
        #expect(request.resource["team"] == .string("moments app"))
        #expect(request.parentSpanID == Self.callerSpan)
        let line = server.waitForStderrLine { $0.contains(#""message":"access""#) && $0.contains(#""status":200"#) }
        #expect(line?.contains(#""traceID":"\#(Self.callerTrace)""#) == true, "\(line ?? "none")")
    }

    /// What a client sends can be long (a path, a `User-Agent`, an operation's
    /// name, a field an error quotes); a queued span keeps at most the limit of each.
    @Test func aSpanKeepsAtMostTheLimitOfEachStringAClientSent() throws {
        let receiver = try OTLPReceiver()
        let directory = try TemporaryDirectory()
        let server = try Self.server(receiver, directory, arguments: ["--otel-span-attribute-value-length-limit", "64"])
        defer { _ = server.stop() }
        let name = String(repeating: "N", count: 2000)
        var headers = GraphQLClient.appHeaders
        headers["User-Agent"] = String(repeating: "u", count: 3000)
        headers["traceparent"] = "00-\(Self.callerTrace)-\(Self.callerSpan)-01"
        let named = try BlockingRequest.graphQL(port: server.port, query: "query \(name) { __typename }", operationName: name, headers: headers)
        #expect(named.status == 200)
        // A field the schema lacks: the error quotes its 2,000-byte name.
        let failingTrace = "1af7651916cd43dd8448eb211c80319c"
        headers["traceparent"] = "00-\(failingTrace)-\(Self.callerSpan)-01"
        let failing = try BlockingRequest.graphQL(port: server.port, query: "{ \(String(repeating: "z", count: 2000)) }", headers: headers)
        #expect(failing.status == 200 || failing.status == 400)

        let spans = Self.trace(Self.callerTrace, of: receiver, count: 2)
        let request = try #require(spans.first { $0.kind == .server }, "\(receiver.transcript)")
        #expect(request.attributes["user_agent.original"] == .string(String(repeating: "u", count: 64)))
        let operation = try #require(spans.first { $0.parentSpanID == request.spanID }, "\(spans.map(\.name))")
        #expect(operation.name == "query " + String(repeating: "N", count: 58))
        #expect(operation.attributes["graphql.operation.name"] == .string(String(repeating: "N", count: 64)))
        let failed = Self.trace(failingTrace, of: receiver, count: 2)
        let error = try #require(failed.first { $0.statusCode == .error && $0.kind == .internal }, "\(failed.map(\.name))")
        #expect(error.statusMessage.utf8.count == 64 && error.statusMessage.hasPrefix("Cannot query field"), "\(error.statusMessage)")
    }

    /// A collector that accepts a connection and never answers, with a queue of
    /// 16: every request keeps its pace, the spans past the queue are dropped
    /// and counted, and stopping waits no longer than the export timeout.
    @Test func aHangingCollectorSlowsNoAnswer() async throws {
        let receiver = try OTLPReceiver(mode: .hang)
        let directory = try TemporaryDirectory()
        let server = try Self.server(
            receiver, directory,
            environment: ["OTEL_BSP_MAX_QUEUE_SIZE": "16", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE": "8", "OTEL_BSP_EXPORT_TIMEOUT": "3000"])
        var slowest: Duration = .zero
        for _ in 0..<100 {
            let started = ContinuousClock.now
            #expect(try Self.readTimeline(port: server.port) == 200)
            slowest = max(slowest, ContinuousClock.now - started)
        }
        // The export thread is stuck on the first batch for 3 s; the answers are not.
        #expect(slowest < .seconds(1), "slowest answer \(slowest)")
        #expect(!receiver.waitForRequests(count: 1).isEmpty, "the exporter reached the collector, which holds the request")
        let scrape = try await Scrape.fetch(server.baseURL)
        #expect((scrape.value("moments_trace_spans_dropped_total", ["reason": "queue_full"]) ?? 0) > 0, "\(scrape.text)")
        #expect(scrape.value("moments_trace_spans_exported_total") == 0)
        let stopping = ContinuousClock.now
        #expect(server.stop() == 0)
        #expect(ContinuousClock.now - stopping < .seconds(15), "the last export is bounded by its timeout")
    }

    /// Nothing listening: every export fails at once and is counted; answers are unaffected.
    @Test func aCollectorThatIsDownIsCounted() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(
            databasePath: directory.databasePath,
            environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(try freeLoopbackPort())", "OTEL_BSP_SCHEDULE_DELAY": "50"])
        defer { _ = server.stop() }
        for _ in 0..<20 { #expect(try Self.readTimeline(port: server.port) == 200) }
        let failed = try await eventually(within: .seconds(10)) {
            (try await Scrape.fetch(server.baseURL).value("moments_trace_exports_failed_total") ?? 0) > 0
        }
        #expect(failed)
        let scrape = try await Scrape.fetch(server.baseURL)
        #expect((scrape.value("moments_trace_spans_dropped_total", ["reason": "export_failed"]) ?? 0) > 0, "\(scrape.text)")
        #expect(scrape.value("moments_trace_spans_exported_total") == 0)
    }
}
