import Foundation
import MomentsAPI
import Testing
import TestSupport

/// `GET /metrics` of the real binary after a known sequence of requests:
/// exact counts, read back by the reference parsers of both formats.
@Suite(.enabled(if: PrometheusParser.shouldRun, Comment(rawValue: PrometheusParser.skipReason)))
struct MetricsTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    static var timeline: [String: Any] { ["userID": "0", "withLikes": true] }
    static var like: [String: Any] { ["momentID": "0", "userID": "0", "isLiked": true] }

    @Test func countsAKnownSequenceExactly() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--max-header-bytes", "1024"])
        let client = GraphQLClient(baseURL: server.baseURL)
        for _ in 0..<3 { #expect(try await client.get("/healthz").status == 200) }
        #expect(try await client.get("/nope").status == 404)
        // The app's timeline twice: executed, then answered from the response cache.
        for _ in 0..<2 {
            let reply = try await client.graphQL(
                query: AppDocuments.timeline, variables: Self.timeline, operationName: "getMomentsDetailsByUserID")
            #expect(reply.status == 200)
        }
        // One like: one commit of one write.
        #expect(try await client.graphQL(query: AppDocuments.updateLike, variables: Self.like).status == 200)
        // A document that does not parse: 200 (application/json) with GRAPHQL_PARSE_FAILED.
        #expect(try await client.graphQL(query: "{ nope").status == 200)
        // A header block over --max-header-bytes: refused by the transport.
        let raw = try RawClient(port: server.port)
        try raw.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: \(String(repeating: "a", count: 2_000))\r\n\r\n")
        #expect(try raw.readUntilClose().hasPrefix("HTTP/1.1 431"))

        let scrape = try await Scrape.fetch(server.baseURL)
        #expect(scrape.contentType == "text/plain; version=0.0.4; charset=utf-8")
        let requests = "moments_http_requests_total"
        #expect(scrape.value(requests, ["route": "/healthz", "status_class": "2xx", "operation": ""]) == 3)
        #expect(scrape.value(requests, ["route": "other", "status_class": "4xx", "operation": ""]) == 1)
        #expect(scrape.value(requests, ["route": "/graphql", "status_class": "2xx", "operation": "getMomentsDetailsByUserID"]) == 2)
        #expect(scrape.value(requests, ["route": "/graphql", "status_class": "2xx", "operation": "updateMomentLike"]) == 1)
        #expect(scrape.value(requests, ["route": "/graphql", "status_class": "2xx", "operation": ""]) == 1)
        #expect(scrape.value(requests, ["route": "none", "status_class": "4xx", "operation": ""]) == 1)
        // Every response so far is in exactly one series (this scrape is counted after it is answered).
        #expect(scrape.samples(requests).map(\.value).reduce(0, +) == 9)
        #expect(scrape.value(
            "moments_http_request_duration_seconds_count", ["route": "/graphql", "operation": "getMomentsDetailsByUserID"]) == 2)
        #expect(scrape.value(
            "moments_http_request_duration_seconds_bucket", ["route": "/healthz", "operation": "", "le": "+Inf"]) == 3)
        #expect(scrape.value("moments_http_responses_from_cache_total") == 1)
        #expect(scrape.value("moments_http_refusals_total", ["status": "431", "reason": "headerBlockTooLarge"]) == 1)
        #expect(scrape.value("moments_graphql_errors_total", ["code": "GRAPHQL_PARSE_FAILED"]) == 1)
        #expect(scrape.value("moments_graphql_errors_total", ["code": "NOT_FOUND"]) == 0)
        #expect(scrape.value("moments_db_commit_duration_seconds_count") == 1)
        #expect(scrape.value("moments_db_commit_batch_size_sum") == 1)
        #expect(scrape.value("moments_read_cache_misses_total", ["cache": "timelines"]) == 1)
        #expect(scrape.value("moments_log_lines_dropped_total") == 0)
        // Transport and process: what a client cannot predict to the byte, within bounds.
        #expect((scrape.value("moments_http_received_bytes_total") ?? 0) > 2_000)
        #expect((scrape.value("moments_http_sent_bytes_total") ?? 0) > 0)
        #expect((scrape.value("moments_http_connections_accepted_total") ?? 0) >= 2)
        #expect(scrape.value("moments_http_connections_refused_total") == 0)
        #expect((scrape.value("moments_http_connections_open") ?? 0) >= 1)
        #expect((scrape.value("process_resident_memory_bytes") ?? 0) > 1_000_000)
        #expect((scrape.value("process_open_fds") ?? 0) > 3)
        #expect((scrape.value("process_cpu_seconds_total") ?? 0) > 0)
        let started = try #require(scrape.value("process_start_time_seconds"))
        #expect(abs(started - Date().timeIntervalSince1970) < 600)
        #expect(scrape.value("moments_build_info", ["version": "0.1.0"]) == 1)
        // prometheus_client names a counter's family without `_total`, in either format.
        #expect(scrape.family("moments_http_requests")?.type == "counter")
        #expect(scrape.family("moments_http_request_duration_seconds")?.type == "histogram")
    }

    @Test func speaksOpenMetricsWhenTheScraperPrefersIt() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/healthz").status == 200)
        // What Prometheus 2.x sends.
        let accept = "application/openmetrics-text;version=1.0.0;q=0.5,application/openmetrics-text;version=0.0.1;q=0.4,text/plain;version=0.0.4;q=0.3,*/*;q=0.2"
        let scrape = try await Scrape.fetch(server.baseURL, accept: accept)
        #expect(scrape.contentType == "application/openmetrics-text; version=1.0.0; charset=utf-8")
        #expect(scrape.text.hasSuffix("# EOF\n"))
        // OpenMetrics names a counter's family without `_total`; its samples keep it.
        #expect(scrape.family("moments_http_requests")?.type == "counter")
        #expect(scrape.value("moments_http_requests_total", ["route": "/healthz", "status_class": "2xx"]) == 1)
        #expect(scrape.family("moments_build")?.type == "info")
        #expect(scrape.value("moments_build_info", ["version": "0.1.0"]) == 1)
        // A plain scraper (curl) gets the text format.
        #expect(try await Scrape.fetch(server.baseURL, accept: "*/*").contentType?.hasPrefix("text/plain; version=0.0.4") == true)
    }

    /// 10,000 distinct operation names (valid documents, executed): the first
    /// `maxOperationNames` get a label, the rest are `other`; every request is counted.
    @Test func operationLabelsStayBoundedUnderTenThousandNames() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let names = 10_000, batch = 250
        let client = try RawClient(port: server.port)
        for start in stride(from: 0, to: names, by: batch) {
            var requests = ""
            for index in start..<(start + batch) {
                requests += "GET /graphql?query=query%20op\(index)%7B__typename%7D HTTP/1.1\r\nHost: localhost\r\n\r\n"
            }
            try client.send(requests)
            let responses = try client.readResponses(batch)
            #expect(responses.allSatisfy { $0.status == 200 })
        }
        let scrape = try await Scrape.fetch(server.baseURL)
        let graphQL = scrape.samples("moments_http_requests_total").filter { $0.labels["route"] == "/graphql" }
        let labels = Set(graphQL.compactMap { $0.labels["operation"] })
        // The app's two names were admitted first (and have no series yet); 62 more, then `other`.
        #expect(labels.count == 62 + 1)
        #expect(labels.contains("other"))
        #expect(labels.contains("op0") && labels.contains("op61") && !labels.contains("op62"))
        #expect(scrape.value("moments_http_requests_total", ["route": "/graphql", "operation": "other"]) == Double(names - 62))
        #expect(graphQL.map(\.value).reduce(0, +) == Double(names))
        let histograms = scrape.samples("moments_http_request_duration_seconds_count").filter { $0.labels["route"] == "/graphql" }
        #expect(histograms.count == 63)
        // The whole exposition stays small whatever clients send.
        #expect(scrape.text.utf8.count < 200_000)
    }

    @Test func offServesNoMetrics() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--metrics", "off"])
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/metrics").status == 404)
    }

    @Test func aMetricsPortOfItsOwn() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath, environment: ["METRICS_PORT": "0"])
        let line = try #require(server.stdoutLines.first { $0.hasPrefix("metrics on http://") })
        let metricsURL = try #require(URL(string: String(line.dropFirst("metrics on ".count).dropLast("/metrics".count))))
        #expect(metricsURL.port != server.port)
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/metrics").status == 404)
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/healthz").status == 200)
        let scrape = try await Scrape.fetch(metricsURL)
        // The main port's requests are counted there; its 404 for /metrics as
        // `other`, not as a failed scrape. Only /metrics is served on this port.
        #expect(scrape.value("moments_http_requests_total", ["route": "/healthz", "status_class": "2xx"]) == 1)
        #expect(scrape.value("moments_http_requests_total", ["route": "other", "status_class": "4xx"]) == 1)
        #expect(scrape.value("moments_http_requests_total", ["route": "/metrics", "status_class": "4xx"]) == nil)
        #expect(try await GraphQLClient(baseURL: metricsURL).get("/healthz").status == 404)
        let second = try await Scrape.fetch(metricsURL)
        #expect(second.value("moments_http_requests_total", ["route": "other", "status_class": "4xx"]) == 2)
        #expect(second.value("moments_http_requests_total", ["route": "/metrics", "status_class": "2xx"]) == 1)
    }
}
