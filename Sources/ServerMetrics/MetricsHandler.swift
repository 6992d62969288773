import HTTP1

/// `GET /metrics`: the exporter's metrics in the format the scraper asks for
/// (`ExpositionFormat.negotiate`). Runs on the dedicated lane, beside the
/// GraphQL pool: a scrape reads `/proc` files and writes tens of KB, which
/// the I/O thread should not wait for, and it must answer while the pool is
/// saturated, which is when the numbers matter.
package struct MetricsHandler: HTTPHandler {
    private let exporter: MetricsExporter

    package init(exporter: MetricsExporter) {
        self.exporter = exporter
    }

    package func execution(for request: HTTPRequest) -> HandlerExecution { .dedicated }

    package func handle(_ request: HTTPRequest) -> HTTPResponse {
        let format = ExpositionFormat.negotiate(accept: request.headers["Accept"])
        return HTTPResponse(
            status: .ok,
            headers: ["Content-Type": format.contentType, "Cache-Control": "no-store"],
            body: exporter.exposition(format))
    }
}
