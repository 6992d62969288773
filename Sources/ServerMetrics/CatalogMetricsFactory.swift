import CoreMetrics
import Prometheus

/// The swift-metrics backend of the server: swift-prometheus's registry,
/// with each metric's help text and buckets taken from `MetricCatalog` by
/// its label. Libraries (storage, the GraphQL handler) make their metrics
/// through the swift-metrics API with this factory injected; nothing is
/// bootstrapped globally, so tests and several servers in one process each
/// have their own registry.
///
/// Timers are the exception: they record into `DurationHistograms`, which
/// is ours (a request records one, and swift-prometheus's histogram costs a
/// lock per record: see `DurationHistograms`).
///
/// Handles are made once and kept by their users: making one takes the
/// registry's lock and looks up its family, which no request should pay.
package struct CatalogMetricsFactory: MetricsFactory {
    package let registry: PrometheusCollectorRegistry
    let durations = DurationHistograms()

    package init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
    }

    /// Every metric in the text format 0.0.4: the registry's, then the timers'.
    package func emit(into buffer: inout [UInt8]) {
        registry.emit(into: &buffer)
        durations.emit(into: &buffer)
    }

    private func descriptor(_ label: String) -> MetricNameDescriptor {
        MetricNameDescriptor(metricName: label, unitName: "", helpText: MetricCatalog.entry(label)?.help ?? "")
    }

    package func makeCounter(label: String, dimensions: [(String, String)]) -> any CounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    package func makeFloatingPointCounter(label: String, dimensions: [(String, String)]) -> any FloatingPointCounterHandler {
        registry.makeCounter(descriptor: descriptor(label), labels: dimensions)
    }

    package func makeMeter(label: String, dimensions: [(String, String)]) -> any MeterHandler {
        registry.makeGauge(descriptor: descriptor(label), labels: dimensions)
    }

    package func makeRecorder(label: String, dimensions: [(String, String)], aggregate: Bool) -> any RecorderHandler {
        guard aggregate else { return registry.makeGauge(descriptor: descriptor(label), labels: dimensions) }
        guard case .values(let buckets) = MetricCatalog.entry(label)?.buckets else {
            return registry.makeValueHistogram(descriptor: descriptor(label), labels: dimensions, buckets: MetricCatalog.commitBatchBuckets)
        }
        return registry.makeValueHistogram(descriptor: descriptor(label), labels: dimensions, buckets: buckets)
    }

    package func makeTimer(label: String, dimensions: [(String, String)]) -> any TimerHandler {
        let entry = MetricCatalog.entry(label)
        guard case .durations(let buckets) = entry?.buckets else {
            return durations.histogram(
                name: label, labels: dimensions, help: entry?.help ?? "", buckets: MetricCatalog.requestDurationBuckets)
        }
        return durations.histogram(name: label, labels: dimensions, help: entry?.help ?? "", buckets: buckets)
    }

    package func destroyCounter(_ handler: any CounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    package func destroyFloatingPointCounter(_ handler: any FloatingPointCounterHandler) {
        if let counter = handler as? Prometheus.Counter { registry.unregisterCounter(counter) }
    }

    package func destroyMeter(_ handler: any MeterHandler) {
        if let gauge = handler as? Prometheus.Gauge { registry.unregisterGauge(gauge) }
    }

    package func destroyRecorder(_ handler: any RecorderHandler) {
        switch handler {
        case let gauge as Prometheus.Gauge: registry.unregisterGauge(gauge)
        case let histogram as ValueHistogram: registry.unregisterValueHistogram(histogram)
        default: break
        }
    }

    package func destroyTimer(_ handler: any TimerHandler) {
        if let histogram = handler as? AtomicDurationHistogram { durations.remove(histogram) }
    }
}
