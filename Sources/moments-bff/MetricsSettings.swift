/// `--metrics on|off` [METRICS]: whether `GET /metrics` is served and the
/// requests are counted at all. `off` takes the per-request counting off the
/// hot path too (the QA page then shows no request counters), so `on` and
/// `off` can be measured against each other.
enum MetricsSetting: String, CaseIterable {
    case on, off

    static func resolve(_ option: String?) throws -> MetricsSetting {
        try resolveSetting(option, "--metrics", "METRICS", default: .on)
    }
}

/// Where `/metrics` is served: on the main port, or (`--metrics-port`) on a
/// port of its own at the same host, so a deployment can expose the API and
/// keep the metrics to its scraper's network.
enum MetricsPlacement: Equatable {
    case off
    case mainPort
    case port(Int)
}
