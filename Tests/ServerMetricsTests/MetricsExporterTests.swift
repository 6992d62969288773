import Locking
import Testing

@testable import ServerMetrics

/// `MetricsExporter`'s values read at a scrape, as the exposition shows them.
@Suite struct MetricsExporterTests {
    struct Totals: Sendable {
        var hits = 0
        var bytes = 0
    }

    /// A snapshot is read once per scrape however many metrics are made of
    /// it (the fragment cache's statistics take 16 locks to add up).
    @Test func aSnapshotIsReadOncePerScrape() {
        let exporter = MetricsExporter()
        let reads = Locked(0)
        let source = Locked(Totals(hits: 3, bytes: 100))
        let totals = exporter.snapshot(Totals()) {
            reads.withLock { $0 += 1 }
            return source.withLock { $0 }
        }
        exporter.collectCounter("moments_fragment_cache_hits_total") { totals.value.hits }
        exporter.collectCounter("moments_fragment_cache_misses_total") { totals.value.hits * 2 }
        exporter.collectGauge("moments_fragment_cache_bytes") { Double(totals.value.bytes) }
        #expect(reads.withLock { $0 } == 0)

        let first = String(decoding: exporter.exposition(.prometheusText), as: UTF8.self)
        #expect(reads.withLock { $0 } == 1)
        #expect(first.contains("moments_fragment_cache_hits_total 3\n"))
        #expect(first.contains("moments_fragment_cache_misses_total 6\n"))
        #expect(first.contains("moments_fragment_cache_bytes 100"))

        source.withLock { $0 = Totals(hits: 5, bytes: 40) }
        let second = String(decoding: exporter.exposition(.prometheusText), as: UTF8.self)
        #expect(reads.withLock { $0 } == 2)
        #expect(second.contains("moments_fragment_cache_hits_total 5\n"))
        #expect(second.contains("moments_fragment_cache_misses_total 10\n"))
        #expect(second.contains("moments_fragment_cache_bytes 40"))
    }
}
