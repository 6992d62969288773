import CoreMetrics
import GraphQL
import HTTPServer
import MomentsAPI
import MomentsStorage
import PostgreSQL
import ServerMetrics
import Traces

/// The metrics of `serve` (`--metrics on`): the exporter behind `/metrics`,
/// the factory the layers make their metrics with, and the request metrics
/// fed from the transport's per-response record. Nil with `--metrics off`:
/// nothing is counted, the layers get swift-metrics' no-op factory.
struct ServeMetrics {
    let exporter: MetricsExporter
    var factory: any MetricsFactory { exporter.factory }

    init() {
        exporter = MetricsExporter()
    }

    /// Counts responses of the given routes (other paths are `other`),
    /// with the app's operation names admitted first.
    func requests(routes: [String], operations: [String]) -> RequestMetrics {
        let requests = RequestMetrics(factory: exporter.factory, routes: routes, operations: operations)
        exporter.collectCounter("moments_http_responses_from_cache_total") { requests.responseTotals.fromCache }
        return requests
    }

    /// What is read at a scrape: the transport of `servers` (added up), the
    /// read cache, the fragment cache, dropped log lines, the process and the build.
    func collect(
        servers: [Server], store: MomentsStore, fragments: FragmentCache, logWriter: LogWriter, live: LiveLikes?,
        traces: BatchSpanProcessor? = nil
    ) {
        // Weakly: a server holds its router, which holds `/metrics`, which holds these
        // closures; strong references would make a cycle that outlives `serve`.
        let readers: [@Sendable () -> TransportTotals] = servers.map { server in
            { [weak server] in server?.transport ?? TransportTotals() }
        }
        // Each total read once per scrape: they take locks to add up.
        let transport = exporter.snapshot(TransportTotals()) { readers.reduce(TransportTotals()) { $0 + $1() } }
        exporter.collectGauge("moments_http_requests_in_flight") { Double(transport.value.requestsInFlight) }
        exporter.collectGauge("moments_http_connections_open") { Double(transport.value.connectionsOpen) }
        exporter.collectCounter("moments_http_connections_accepted_total") { transport.value.connectionsAccepted }
        exporter.collectCounter("moments_http_connections_refused_total") { transport.value.connectionsRefused }
        exporter.collectCounter("moments_http_received_bytes_total") { transport.value.bytesReceived }
        exporter.collectCounter("moments_http_sent_bytes_total") { transport.value.bytesSent }
        if let initial = store.readCacheStatistics {
            let reads = exporter.snapshot(initial) { store.readCacheStatistics ?? initial }
            exporter.collectCounter("moments_read_cache_hits_total", dimensions: [("cache", "timelines")]) {
                reads.value.timelineHits
            }
            exporter.collectCounter("moments_read_cache_misses_total", dimensions: [("cache", "timelines")]) {
                reads.value.timelineMisses
            }
            exporter.collectCounter("moments_read_cache_hits_total", dimensions: [("cache", "likers")]) {
                reads.value.likersHits
            }
            exporter.collectCounter("moments_read_cache_misses_total", dimensions: [("cache", "likers")]) {
                reads.value.likersMisses
            }
        }
        if fragments.maxBytes > 0 {
            let cached = exporter.snapshot(fragments.statistics) { fragments.statistics }
            exporter.collectCounter("moments_fragment_cache_hits_total") { cached.value.hits }
            exporter.collectCounter("moments_fragment_cache_misses_total") { cached.value.misses }
            exporter.collectCounter("moments_fragment_cache_superseded_total") { cached.value.superseded }
            exporter.collectGauge("moments_fragment_cache_bytes") { Double(cached.value.bytes) }
        }
        if let reachability = store.reachability {
            let database = exporter.snapshot(reachability.snapshot) { reachability.snapshot }
            exporter.collectGauge("moments_db_up") { database.value.isReachable ? 1 : 0 }
            exporter.collectGauge("moments_db_seconds_since_contact") { Self.seconds(database.value.lastContact.duration(to: .now)) }
            exporter.collectCounter("moments_db_requests_failed_fast_total") { Int(clamping: database.value.failedFast) }
            exporter.collectCounter("moments_db_connections_discarded_total") { Int(clamping: database.value.connectionsDiscarded) }
        }
        if let initial = store.readRouting {
            let reads = exporter.snapshot(initial) { store.readRouting ?? initial }
            exporter.collectCounter("moments_db_reads_total", dimensions: [("target", "primary")]) { Int(clamping: reads.value.primaryReads) }
            exporter.collectCounter("moments_db_reads_total", dimensions: [("target", "standby")]) { Int(clamping: reads.value.standbyReads) }
            for reason in ReadRouting.Fallback.allCases {
                exporter.collectCounter("moments_db_standby_fallbacks_total", dimensions: [("reason", reason.rawValue)]) {
                    Int(clamping: reads.value.fallbacks[reason, default: 0])
                }
            }
            exporter.collectGauge("moments_db_standby_lag_bytes") { Double(reads.value.lagBytes) }
        }
        if let live {
            let streams = exporter.snapshot(live.statistics) { live.statistics }
            exporter.collectGauge("moments_streams_open") { Double(streams.value.open) }
            exporter.collectCounter("moments_stream_events_sent_total") { Int(clamping: streams.value.eventsSent) }
            exporter.collectCounter("moments_stream_events_coalesced_total") { Int(clamping: streams.value.eventsCoalesced) }
            exporter.collectCounter("moments_streams_refused_total") { Int(clamping: streams.value.refused) }
            exporter.collectCounter("moments_stream_resyncs_total") { Int(clamping: streams.value.resyncs) }
            exporter.collectCounter("moments_stream_resumes_total", dimensions: [("outcome", "resumed")]) { Int(clamping: streams.value.resumed) }
            exporter.collectCounter("moments_stream_resumes_total", dimensions: [("outcome", "unavailable")]) {
                Int(clamping: streams.value.resumesRefused)
            }
        }
        exporter.collectCounter("moments_log_lines_dropped_total") { logWriter.droppedLines }
        if let traces {
            let spans = exporter.snapshot(traces.totals) { traces.totals }
            exporter.collectCounter("moments_trace_spans_exported_total") { Int(clamping: spans.value.exported) }
            exporter.collectCounter("moments_trace_spans_dropped_total", dimensions: [("reason", "queue_full")]) {
                Int(clamping: spans.value.dropped)
            }
            exporter.collectCounter("moments_trace_spans_dropped_total", dimensions: [("reason", "export_failed")]) {
                Int(clamping: spans.value.failed)
            }
            exporter.collectCounter("moments_trace_exports_failed_total") { Int(clamping: spans.value.failedExports) }
        }
        exporter.collectProcess()
        exporter.buildInfo(version: BuildInfo.version, build: BuildInfo.configuration)
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}
