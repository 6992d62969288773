import HTTPServer
import Prometheus
import Testing

@testable import ServerMetrics

/// `RequestMetrics` on a real swift-prometheus registry: what one response
/// record adds, as the exposition shows it.
@Suite struct RequestMetricsTests {
    let factory = CatalogMetricsFactory()
    var text: String {
        var bytes: [UInt8] = []
        factory.emit(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func entry(_ path: String?, _ status: Int, operation: String? = nil, refusedBy: String? = nil, cached: Bool = false) -> AccessLogEntry {
        AccessLogEntry(method: path == nil ? nil : .get, path: path, status: status, bytes: 3, duration: .microseconds(300),
                       detail: operation, refusedBy: refusedBy, cached: cached)
    }

    @Test func countsByRouteStatusClassAndOperation() {
        let metrics = RequestMetrics(factory: factory, routes: ["/healthz", "/graphql"], operations: ["app"])
        for _ in 0..<3 { metrics.record(entry("/healthz", 200)) }
        metrics.record(entry("/graphql", 200, operation: "app", cached: true))
        metrics.record(entry("/graphql", 400, operation: "app"))
        metrics.record(entry("/elsewhere", 404))
        metrics.record(entry(nil, 408, refusedBy: "headerTimeout"))
        let text = self.text
        #expect(text.contains(#"moments_http_requests_total{route="/healthz",status_class="2xx",operation=""} 3"#))
        #expect(text.contains(#"moments_http_requests_total{route="/graphql",status_class="2xx",operation="app"} 1"#))
        #expect(text.contains(#"moments_http_requests_total{route="/graphql",status_class="4xx",operation="app"} 1"#))
        #expect(text.contains(#"moments_http_requests_total{route="other",status_class="4xx",operation=""} 1"#))
        #expect(text.contains(#"moments_http_requests_total{route="none",status_class="4xx",operation=""} 1"#))
        #expect(text.contains(#"moments_http_refusals_total{status="408",reason="headerTimeout"} 1"#))
        #expect(text.contains(#"moments_http_request_duration_seconds_count{route="/graphql",operation="app"} 2"#))
        #expect(text.contains(#"moments_http_request_duration_seconds_bucket{route="/healthz",operation="",le="0.00025"} 0"#))
        #expect(text.contains(#"moments_http_request_duration_seconds_bucket{route="/healthz",operation="",le="0.0005"} 3"#))
        #expect(text.contains("# HELP moments_http_requests_total Responses sent"))
        let totals = metrics.responseTotals
        #expect(totals.byStatusClass == [0, 4, 0, 3, 0])
        #expect(totals.fromCache == 1)
        #expect(totals.total == 7)
    }

    @Test func refusalReasonsAreBounded() {
        let metrics = RequestMetrics(factory: factory, routes: [])
        for index in 0..<200 { metrics.record(entry(nil, 400, refusedBy: "reason\(index)")) }
        let series = text.split(separator: "\n").filter { $0.hasPrefix("moments_http_refusals_total{") }
        #expect(series.count == MetricsLimits.maxRefusalReasons + 1)
        #expect(series.contains(#"moments_http_refusals_total{status="400",reason="other"} \#(200 - MetricsLimits.maxRefusalReasons)"#))
    }
}
