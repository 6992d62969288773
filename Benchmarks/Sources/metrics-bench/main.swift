import Atomics
import CoreMetrics
import Dispatch
@testable import HTTP1
@testable import HTTPServer
import Prometheus
@testable import ServerMetrics

// What the metrics, the request id and its header add to one response, on
// one thread, in release mode: `scripts/microbench.sh metrics-bench`.
// (The healthz benchmark's budget: ~12 µs of CPU per request in all.)

let iterations = 2_000_000

@inline(never)
func measure(_ name: String, _ body: (Int) -> Void) {
    for index in 0..<10_000 { body(index) }  // warm up: handles made, caches hot
    let start = DispatchTime.now().uptimeNanoseconds
    for index in 0..<iterations { body(index) }
    let elapsed = DispatchTime.now().uptimeNanoseconds - start
    let tenths = Int((Double(elapsed) / Double(iterations) * 10).rounded())
    let padding = String(repeating: " ", count: max(1, 60 - name.count))
    print("\(name)\(padding)\(tenths / 10).\(tenths % 10) ns")
}

let registry = PrometheusCollectorRegistry()
let factory = CatalogMetricsFactory(registry: registry)
let requests = RequestMetrics(factory: factory, routes: ["/graphql", "/healthz", "/readyz", "/", "/metrics"],
                              operations: ["getMomentsDetailsByUserID", "updateMomentLike"])
let healthz = AccessLogEntry(method: .get, path: "/healthz", status: 200, bytes: 3, duration: .microseconds(12))
let graphQL = AccessLogEntry(method: .post, path: "/graphql", status: 200, bytes: 1_234, duration: .microseconds(850),
                             detail: "getMomentsDetailsByUserID")
let counter = registry.makeCounter(descriptor: MetricNameDescriptor(metricName: "bench_counter", unitName: "", helpText: "x"))
let histogram = registry.makeDurationHistogram(
    descriptor: MetricNameDescriptor(metricName: "bench_seconds", unitName: "", helpText: "x"), labels: [],
    buckets: MetricCatalog.requestDurationBuckets)
let swiftMetricsCounter = CoreMetrics.Counter(label: "bench_swift_metrics_counter", factory: factory)
let lazy = ManagedAtomicLazyReference<PrometheusCollectorRegistry>()
_ = lazy.storeIfNilThenLoad(registry)
measure("ManagedAtomicLazyReference.load()") { _ in _ = lazy.load() }
let ids = RequestIDGenerator()
let headers: HTTPHeaders = ["Host": "127.0.0.1:4000", "User-Agent": "wrk", "Accept": "*/*"]
let withID: HTTPHeaders = ["Host": "127.0.0.1:4000", "User-Agent": "wrk", "X-Request-ID": "client-chosen-id-1234"]

measure("swift-prometheus Counter.increment()") { _ in counter.increment() }
measure("swift-metrics Counter.increment() (Prometheus backend)") { _ in swiftMetricsCounter.increment() }
measure("swift-prometheus DurationHistogram.record (15 buckets)") { index in histogram.record(.microseconds(10 + index & 7)) }
let timer = CoreMetrics.Timer(label: "moments_http_request_duration_seconds", dimensions: [("route", "x")], factory: factory)
measure("swift-metrics Timer.recordNanoseconds (ServerMetrics' lock-free histogram)") { index in timer.recordNanoseconds(Int64(10_000 + index & 7)) }
measure("RequestMetrics.record, /healthz (no operation)") { _ in requests.record(healthz) }
measure("RequestMetrics.record, /graphql with an operation name") { _ in requests.record(graphQL) }
measure("RequestIDGenerator.id(for:), no X-Request-ID (makes one)") { _ in _ = ids.id(for: headers) }
measure("RequestIDGenerator.id(for:), X-Request-ID kept") { _ in _ = ids.id(for: withID) }
var buffer: [UInt8] = []
buffer.reserveCapacity(512)
let response = HTTPResponse(status: .ok, contentType: "text/plain; charset=utf-8", body: "ok\n")
measure("ResponseSerializer.serialize, healthz, without an id") { _ in
    buffer.removeAll(keepingCapacity: true)
    ResponseSerializer.serialize(response, requestMethod: .get, version: .http1_1, keepAlive: true,
                                 date: "Tue, 24 Nov 2026 08:33:04 GMT", into: &buffer)
}
let id = ids.next()
measure("ResponseSerializer.serialize, healthz, with X-Request-ID") { _ in
    buffer.removeAll(keepingCapacity: true)
    ResponseSerializer.serialize(response, requestMethod: .get, version: .http1_1, keepAlive: true,
                                 date: "Tue, 24 Nov 2026 08:33:04 GMT", requestID: id, into: &buffer)
}
