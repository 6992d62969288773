import Atomics
import CoreMetrics
import HTTPServer
import Locking
import Synchronization

/// The series of one (route, operation) pair: its duration histogram, and a
/// counter per status class, each made the first time it is needed (so the
/// output only holds combinations that happened).
final class RequestSeries: Sendable {
    let duration: CoreMetrics.Timer
    /// 1xx to 5xx, at 0 to 4.
    let byStatusClass: [ManagedAtomicLazyReference<CoreMetrics.Counter>]

    init(duration: CoreMetrics.Timer) {
        self.duration = duration
        byStatusClass = (0..<RequestMetrics.statusClasses.count).map { _ in ManagedAtomicLazyReference() }
    }
}

/// Responses by route, status class and GraphQL operation, their durations,
/// the transport's refusals and the response cache's answers: all from the
/// transport's one per-response record (`AccessLogEntry`), the same one the
/// access log is written from. Its totals by status class are also what the
/// QA page shows, so responses are counted in exactly one place.
///
/// `record` runs on the I/O thread for every response, so it is built for
/// that: handles are made once per combination and found again by index and
/// lock-free loads (`OperationLabels`, `ManagedAtomicLazyReference`); a
/// response takes one counter increment (an atomic add), one histogram
/// record (swift-prometheus: a lock and a walk over the buckets) and one
/// atomic add for the totals; no allocation and no string is built. Only
/// the first response of a new combination takes the registry's lock.
package final class RequestMetrics: Sendable {
    /// The `status_class` label values, by `status / 100 - 1`.
    static let statusClasses = ["1xx", "2xx", "3xx", "4xx", "5xx"]
    /// The route of a request whose path is not routed.
    static let otherRoute = "other"
    /// The route of a refusal that came before a request head was decoded.
    static let noRoute = "none"

    private let factory: any MetricsFactory
    /// The routed paths, then `otherRoute`, then `noRoute`: a route's label and its index.
    private let routes: [String]
    private let operations: OperationLabels
    private let refusals: Locked<[RefusalKey: CoreMetrics.Counter]>
    private let totals = ResponseTotals()

    /// - Parameters:
    ///   - routes: the paths the server routes (each its own label value; others are `other`).
    ///   - operations: operation names given a label first (the app's own).
    package init(factory: any MetricsFactory, routes: [String], operations: [String] = []) {
        self.factory = factory
        var labels: [String] = []
        for route in routes where !labels.contains(route) { labels.append(route) }
        self.routes = labels + [Self.otherRoute, Self.noRoute]
        self.operations = OperationLabels(routes: self.routes.count, seeded: operations)
        refusals = Locked([:])
    }

    /// Which route labels a server answering `paths` uses, for `record`.
    package func routeMask(for paths: [String]) -> [Bool] {
        routes.indices.map { $0 >= routes.count - 2 || paths.contains(routes[$0]) }
    }

    /// Counts one response (see the type's comment for its cost). With the
    /// answering server's `routeMask`, a path that server does not route is
    /// `other` (with `/metrics` on a port of its own, `/metrics` asked on the
    /// main port is a 404 of `other`, not a failed scrape).
    package func record(_ entry: AccessLogEntry, routeMask: [Bool]? = nil) {
        var route = routeIndex(entry.path)
        if let routeMask, !routeMask[route] { route = routes.count - 2 }
        let operation = entry.detail.map { operations.entry(for: $0) } ?? operations.none
        let series = operation.series[route].load() ?? makeSeries(operation, route)
        let statusClass = min(max(entry.status / 100, 1), 5) - 1
        let counter = series.byStatusClass[statusClass].load() ?? makeCounter(series, statusClass, operation, route)
        counter.increment()
        series.duration.recordNanoseconds(Self.nanoseconds(entry.duration))
        totals.count(statusClass: statusClass, cached: entry.cached)
        if let reason = entry.refusedBy { refused(status: entry.status, reason: reason) }
    }

    /// Responses counted so far, by status class (the QA page's numbers).
    package var responseTotals: ResponseTotals.Snapshot { totals.snapshot }

    /// Label values in use: (route, operation) pairs with a series (for tests of the bounds).
    package var operationNames: [String] {
        operations.all.filter { entry in entry.series.contains { $0.load() != nil } }.map(\.name)
    }

    // MARK: Lookups

    /// Routes are a handful of short paths: comparing lengths first, then
    /// bytes, beats hashing the path.
    private func routeIndex(_ path: String?) -> Int {
        guard let path else { return routes.count - 1 }
        let length = path.utf8.count
        for index in 0..<(routes.count - 2) where routes[index].utf8.count == length && routes[index] == path {
            return index
        }
        return routes.count - 2
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ attoseconds / 1_000_000_000
    }

    // MARK: Making handles (once per combination)

    private func makeSeries(_ operation: OperationLabels.Entry, _ route: Int) -> RequestSeries {
        let timer = CoreMetrics.Timer(
            label: "moments_http_request_duration_seconds",
            dimensions: [("route", routes[route]), ("operation", operation.name)], factory: factory)
        return operation.series[route].storeIfNilThenLoad(RequestSeries(duration: timer))
    }

    private func makeCounter(
        _ series: RequestSeries, _ statusClass: Int, _ operation: OperationLabels.Entry, _ route: Int
    ) -> CoreMetrics.Counter {
        let counter = CoreMetrics.Counter(
            label: "moments_http_requests_total",
            dimensions: [("route", routes[route]), ("status_class", Self.statusClasses[statusClass]), ("operation", operation.name)],
            factory: factory)
        return series.byStatusClass[statusClass].storeIfNilThenLoad(counter)
    }

    private struct RefusalKey: Hashable {
        var status: Int
        var reason: String
    }

    /// Refusals are rare (every one closes its connection): a lock and a
    /// dictionary are fine here. Reasons are bounded (`maxRefusalReasons`).
    private func refused(status: Int, reason: String) {
        let counter: CoreMetrics.Counter = refusals.withLock { counters in
            var key = RefusalKey(status: status, reason: reason)
            if let counter = counters[key] { return counter }
            if counters.count >= MetricsLimits.maxRefusalReasons { key.reason = "other" }
            if let counter = counters[key] { return counter }
            let counter = CoreMetrics.Counter(
                label: "moments_http_refusals_total", dimensions: [("status", String(status)), ("reason", key.reason)],
                factory: factory)
            counters[key] = counter
            return counter
        }
        counter.increment()
    }
}

/// Responses by status class, and from the response cache: relaxed atomics
/// (numbers for people; nothing else is ordered by them).
package final class ResponseTotals: Sendable {
    package struct Snapshot: Sendable, Equatable {
        /// 1xx to 5xx, at 0 to 4.
        package var byStatusClass: [Int]
        package var fromCache: Int
        package var total: Int { byStatusClass.reduce(0, +) }

        /// Responses with status `statusClass`xx (1 to 5).
        package func count(statusClass: Int) -> Int { byStatusClass[min(max(statusClass, 1), 5) - 1] }
    }

    // Atomic is not copyable, so no array.
    private let informational = Atomic<Int>(0)
    private let successful = Atomic<Int>(0)
    private let redirected = Atomic<Int>(0)
    private let clientErrors = Atomic<Int>(0)
    private let serverErrors = Atomic<Int>(0)
    private let fromCache = Atomic<Int>(0)

    func count(statusClass: Int, cached: Bool) {
        switch statusClass {
        case 0: informational.add(1, ordering: .relaxed)
        case 1: successful.add(1, ordering: .relaxed)
        case 2: redirected.add(1, ordering: .relaxed)
        case 3: clientErrors.add(1, ordering: .relaxed)
        default: serverErrors.add(1, ordering: .relaxed)
        }
        if cached { fromCache.add(1, ordering: .relaxed) }
    }

    var snapshot: Snapshot {
        Snapshot(
            byStatusClass: [
                informational.load(ordering: .relaxed), successful.load(ordering: .relaxed),
                redirected.load(ordering: .relaxed), clientErrors.load(ordering: .relaxed),
                serverErrors.load(ordering: .relaxed),
            ],
            fromCache: fromCache.load(ordering: .relaxed))
    }
}
