/// Every metric the server exports: name, help text and, for histograms,
/// buckets. The one table `/metrics` is described by (docs/operations.md
/// follows it); `CatalogMetricsFactory` takes help and buckets from here, so
/// a metric made anywhere through swift-metrics gets them by its label.
package enum MetricCatalog {
    package enum Buckets: Sendable, Equatable {
        case durations([Duration])
        case values([Double])
    }

    package struct Entry: Sendable {
        package var name: String
        package var help: String
        package var buckets: Buckets?
    }

    /// Request durations: from 100 µs (a `/healthz` or a response-cache hit
    /// takes tens of µs) to 10 s (`--request-timeout`'s default). 15 buckets:
    /// each request's record walks all of them under the histogram's lock,
    /// so the list stays short.
    package static let requestDurationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .microseconds(2_500_000), .seconds(10),
    ]
    /// Commits: an fsync takes from ~100 µs (a fast SSD) to tens of ms.
    package static let commitDurationBuckets: [Duration] = [
        .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2_500),
        .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
        .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(5),
    ]
    /// Writes per group commit: powers of two up to SQLite's batch bound (512).
    package static let commitBatchBuckets: [Double] = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]

    package static let entries: [Entry] = [
        // Requests (RequestMetrics, from the transport's per-response record).
        Entry(name: "moments_http_requests_total", help: "Responses sent, by route, status class and GraphQL operation name (at most 64 names; the rest are other).",
              buckets: nil),
        Entry(name: "moments_http_request_duration_seconds",
              help: "Time from a request's complete arrival to its response being queued, by route and GraphQL operation name.",
              buckets: .durations(requestDurationBuckets)),
        Entry(name: "moments_http_responses_from_cache_total", help: "Responses answered from the response cache."),
        Entry(name: "moments_http_refusals_total",
              help: "Requests and connections the transport answered itself (400, 408, 413, 414, 431, 501, 505, 503), by status and reason."),
        // Transport (Server.transport, read at a scrape).
        Entry(name: "moments_http_requests_in_flight", help: "Requests whose handler runs, waits for a handler pool or waits for its write to commit now."),
        Entry(name: "moments_http_connections_open", help: "Client connections open now."),
        Entry(name: "moments_http_connections_accepted_total", help: "Client connections accepted."),
        Entry(name: "moments_http_connections_refused_total", help: "Client connections refused with 503 (--max-connections, or stopping)."),
        Entry(name: "moments_http_received_bytes_total", help: "Bytes read from client sockets."),
        Entry(name: "moments_http_sent_bytes_total", help: "Bytes written to client sockets."),
        // GraphQL (GraphQLErrorCounters).
        Entry(name: "moments_graphql_errors_total", help: "GraphQL errors answered, by extensions.code."),
        // Storage (CommitMetrics, ReadCacheStatistics).
        Entry(name: "moments_db_commit_duration_seconds", help: "Time of each database commit, fsync included (SQLite: one group commit).",
              buckets: .durations(commitDurationBuckets)),
        Entry(name: "moments_db_commit_batch_size", help: "Writes carried by each database commit (SQLite's group commit; 1 on PostgreSQL).",
              buckets: .values(commitBatchBuckets)),
        // The database's reachability on PostgreSQL (PGReachability, read at a scrape).
        Entry(name: "moments_db_up", help: "1 while the PostgreSQL database answers, 0 while it is known to be unreachable (requests fail fast)."),
        Entry(name: "moments_db_seconds_since_contact", help: "Seconds since the PostgreSQL server last answered, on any connection (heartbeats every 250 ms)."),
        Entry(name: "moments_db_requests_failed_fast_total", help: "Database calls refused at once because the database was known to be unreachable."),
        Entry(name: "moments_db_connections_discarded_total",
              help: "PostgreSQL connections closed because a wait for the server ended unanswered or the database became unreachable."),
        // Reads from standbys (ReadRouting, read at a scrape; only with --read-database).
        Entry(name: "moments_db_reads_total", help: "PostgreSQL reads, by where they ran (target: primary, standby)."),
        Entry(name: "moments_db_standby_fallbacks_total",
              help: "Reads that could have gone to a standby and ran on the primary, by reason (recent_change, behind, unavailable, not_standby)."),
        Entry(name: "moments_db_standby_lag_bytes", help: "Bytes of WAL the standby was behind what reads needed, at its last check (0: caught up)."),
        // Subscription streams (LiveLikes, read at a scrape).
        Entry(name: "moments_streams_open", help: "Subscription streams open now."),
        Entry(name: "moments_stream_events_sent_total", help: "Subscription results written to streams that have ended (counted at each stream's end)."),
        Entry(name: "moments_stream_events_coalesced_total", help: "Subscription results that replaced an unsent older result of the same moment."),
        Entry(name: "moments_streams_refused_total", help: "Subscription streams refused by --max-streams or --max-streams-per-viewer."),
        Entry(name: "moments_stream_resumes_total",
              help: "SSE streams opened with Last-Event-ID, by outcome (resumed; unavailable: the position is not kept here)."),
        Entry(name: "moments_stream_resyncs_total",
              help: "Gaps in hearing database changes (PostgreSQL LISTEN lost) after which open streams were sent what changed meanwhile."),
        Entry(name: "moments_read_cache_hits_total", help: "Read-cache lookups answered from memory, by cache (timelines, likers)."),
        Entry(name: "moments_read_cache_misses_total", help: "Read-cache lookups that went to the database, by cache (timelines, likers)."),
        // GraphQL's fragment cache (FragmentCache.Statistics, read at a scrape).
        Entry(name: "moments_fragment_cache_hits_total", help: "Moments written by copying their bytes from the fragment cache."),
        Entry(name: "moments_fragment_cache_misses_total", help: "Fragment-cache lookups that found nothing, so the moment was executed."),
        Entry(name: "moments_fragment_cache_superseded_total", help: "Fragments removed because their moment's like data changed (a newer fragment of it was stored)."),
        Entry(name: "moments_fragment_cache_bytes", help: "Estimated bytes the fragment cache holds now (--fragment-cache-bytes bounds it)."),
        // Logs.
        Entry(name: "moments_log_lines_dropped_total", help: "Log lines dropped because standard error did not drain (--log-buffer-bytes)."),
        // Traces (BatchSpanProcessor, read at a scrape; only when traces are exported).
        Entry(name: "moments_trace_spans_exported_total", help: "Spans the OTLP collector accepted."),
        Entry(name: "moments_trace_spans_dropped_total",
              help: "Sampled spans never exported, by reason (queue_full: --otel-bsp-max-queue-size; export_failed: the collector refused or did not answer in time)."),
        Entry(name: "moments_trace_exports_failed_total", help: "Export requests the collector refused, or did not answer within --otel-bsp-export-timeout."),
        // Process (ProcessMetrics), with the names every Prometheus client uses.
        Entry(name: "process_cpu_seconds_total", help: "User and system CPU time spent, in seconds."),
        Entry(name: "process_resident_memory_bytes", help: "Resident memory size in bytes."),
        Entry(name: "process_virtual_memory_bytes", help: "Virtual memory size in bytes."),
        Entry(name: "process_open_fds", help: "Open file descriptors."),
        Entry(name: "process_max_fds", help: "Most open file descriptors allowed (the soft limit)."),
        Entry(name: "process_start_time_seconds", help: "Start time of the process since the Unix epoch, in seconds."),
        Entry(name: "moments_build_info", help: "The running build: its version and configuration, as labels; always 1."),
    ]

    private static let byName: [String: Entry] = Dictionary(entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry for a metric name; nil for a name not in the table (it is still exported, without help).
    package static func entry(_ name: String) -> Entry? { byName[name] }
}

extension MetricCatalog.Entry {
    init(name: String, help: String) {
        self.init(name: name, help: help, buckets: nil)
    }
}
