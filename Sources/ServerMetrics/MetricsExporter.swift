import CoreMetrics
import Prometheus
import Locking

/// What `/metrics` serves: the registry behind `factory`, plus the values
/// read only when scraped (`collectCounter`, `collectGauge`): totals other
/// layers keep anyway (bytes on the sockets, read-cache lookups, dropped log
/// lines, the process's CPU and memory), so no request pays for them twice.
///
/// A scraped total becomes a swift-prometheus counter incremented by what
/// it grew since the last scrape; scrapes run one at a time, under a lock.
package final class MetricsExporter: Sendable {
    package let factory: CatalogMetricsFactory

    private struct CollectedCounter {
        let counter: CoreMetrics.Counter
        let read: @Sendable () -> Int
        var last = 0
    }

    private struct CollectedSeconds {
        let counter: CoreMetrics.FloatingPointCounter
        let read: @Sendable () -> Double
        var last = 0.0
    }

    private struct CollectedGauge {
        let gauge: Meter
        let read: @Sendable () -> Double
    }

    private struct Collected {
        /// Run first at every scrape (`snapshot`).
        var refreshes: [@Sendable () -> Void] = []
        var counters: [CollectedCounter] = []
        var seconds: [CollectedSeconds] = []
        var gauges: [CollectedGauge] = []
    }

    private let collected = Locked(Collected())

    package init(factory: CatalogMetricsFactory = CatalogMetricsFactory()) {
        self.factory = factory
    }

    /// A counter whose total `read` gives at each scrape (a total that never decreases).
    package func collectCounter(_ label: String, dimensions: [(String, String)] = [], _ read: @escaping @Sendable () -> Int) {
        let counter = CoreMetrics.Counter(label: label, dimensions: dimensions, factory: factory)
        collected.withLock { $0.counters.append(CollectedCounter(counter: counter, read: read)) }
    }

    /// A counter of seconds (a fraction), read at each scrape.
    package func collectSeconds(_ label: String, dimensions: [(String, String)] = [], _ read: @escaping @Sendable () -> Double) {
        let counter = FloatingPointCounter(label: label, dimensions: dimensions, factory: factory)
        collected.withLock { $0.seconds.append(CollectedSeconds(counter: counter, read: read)) }
    }

    /// A gauge whose value `read` gives at each scrape.
    package func collectGauge(_ label: String, dimensions: [(String, String)] = [], _ read: @escaping @Sendable () -> Double) {
        let gauge = Meter(label: label, dimensions: dimensions, factory: factory)
        collected.withLock { $0.gauges.append(CollectedGauge(gauge: gauge, read: read)) }
    }

    /// A value read once at the start of every scrape, for the collected
    /// metrics made from its parts: totals that take locks to add up (the
    /// fragment cache's 16 shards, every event loop's sockets) are then read
    /// once per scrape, not once per metric. `initial` until the first scrape.
    package func snapshot<Value: Sendable>(_ initial: Value, _ read: @escaping @Sendable () -> Value) -> ScrapedValue<Value> {
        let value = ScrapedValue(initial)
        collected.withLock { $0.refreshes.append { value.store(read()) } }
        return value
    }

    /// Reads the collected values, then writes every metric in `format`.
    package func exposition(_ format: ExpositionFormat) -> [UInt8] {
        collected.withLock { collected in
            for refresh in collected.refreshes { refresh() }
            for index in collected.counters.indices {
                let value = collected.counters[index].read()
                if value > collected.counters[index].last {
                    collected.counters[index].counter.increment(by: value - collected.counters[index].last)
                    collected.counters[index].last = value
                }
            }
            for index in collected.seconds.indices {
                let value = collected.seconds[index].read()
                if value > collected.seconds[index].last {
                    collected.seconds[index].counter.increment(by: value - collected.seconds[index].last)
                    collected.seconds[index].last = value
                }
            }
            for gauge in collected.gauges { gauge.gauge.set(gauge.read()) }
            var text: [UInt8] = []
            text.reserveCapacity(16_384)
            factory.emit(into: &text)
            return format == .openMetrics ? OpenMetricsRewriter.rewrite(text) : text
        }
    }
}

/// What `MetricsExporter.snapshot` read at the last scrape.
package final class ScrapedValue<Value: Sendable>: Sendable {
    private let current: Locked<Value>

    init(_ initial: Value) {
        current = Locked(initial)
    }

    package var value: Value { current.withLock { $0 } }

    fileprivate func store(_ value: Value) {
        current.withLock { $0 = value }
    }
}
