import CoreMetrics
import Prometheus

/// The swift-metrics backend of the server: swift-prometheus's registry,
/// with each metric's help text and buckets taken from `MetricCatalog` by
/// its label. Libraries (storage, the GraphQL handler) make their metrics
/// through the swift-metrics API with this factory injected; nothing is
/// bootstrapped globally, so tests and several servers in one process each
/// have their own registry.
///
/// Handles are made once and kept by their users: making one takes the
/// registry's lock and looks up its family, which no request should pay.
package struct CatalogMetricsFactory: MetricsFactory {
    package let registry: PrometheusCollectorRegistry

    package init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
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
        guard case .durations(let buckets) = MetricCatalog.entry(label)?.buckets else {
            return registry.makeDurationHistogram(
                descriptor: descriptor(label), labels: dimensions, buckets: MetricCatalog.requestDurationBuckets)
        }
        return registry.makeDurationHistogram(descriptor: descriptor(label), labels: dimensions, buckets: buckets)
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
        if let histogram = handler as? DurationHistogram { registry.unregisterDurationHistogram(histogram) }
    }
}
