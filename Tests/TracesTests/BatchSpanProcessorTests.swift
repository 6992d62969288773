import Dispatch
import Testing
import TestSupport
@testable import Traces

/// The batch span processor against a recording exporter. Waits are on
/// semaphores the exporter signals, each bounded; none is a sleep.
struct BatchSpanProcessorTests {
    /// No tick within a test: batches go when full, flushed or shut down.
    static func batching(batch: Int, queue: Int, delayMilliseconds: Int = 3_600_000) -> TracingConfiguration.Batching {
        var batching = TracingConfiguration.Batching()
        batching.scheduleDelayMilliseconds = delayMilliseconds
        batching.exportTimeoutMilliseconds = 60_000
        batching.maxExportBatchSize = batch
        batching.maxQueueSize = queue
        return batching
    }

    static func span(_ id: UInt64) -> SpanRecord { .make(spanID: id) }

    /// Exported, dropped, failed, failed exports.
    static func counts(_ processor: BatchSpanProcessor) -> [UInt64] {
        let totals = processor.totals
        return [totals.exported, totals.dropped, totals.failed, totals.failedExports]
    }

    @Test func spansReachTheExporterInBatchesOfAtMostTheBatchSize() {
        let exporter = RecordingExporter()
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 3, queue: 100), exporter: exporter)
        defer { processor.shutdown() }
        for id in 1...7 { processor.spanEnded(Self.span(UInt64(id))) }
        processor.forceFlush()
        #expect(exporter.batchIDs.allSatisfy { (1...3).contains($0.count) }, "\(exporter.batchIDs)")
        #expect(exporter.batchIDs.flatMap { $0 } == Array(1...7))
        #expect(Self.counts(processor) == [7, 0, 0, 0])
    }

    @Test func aFullQueueDropsAndCountsWhileTheExporterHangs() {
        let gate = DispatchSemaphore(value: 0)
        let exporter = RecordingExporter(gate: gate)
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 1, queue: 2), exporter: exporter)
        defer { processor.shutdown() }
        // A full batch of one goes at once; the exporter then hangs on the gate.
        processor.spanEnded(Self.span(1))
        #expect(exporter.entered.wait(timeout: .now() + .seconds(10)) == .success)
        processor.spanEnded(Self.span(2))
        processor.spanEnded(Self.span(3))
        processor.spanEnded(Self.span(4))
        processor.spanEnded(Self.span(5))
        #expect(processor.totals.dropped == 2)
        #expect(processor.totals.exported == 0)
        for _ in 1...3 { gate.signal() }
        processor.forceFlush()
        #expect(exporter.batchIDs == [[1], [2], [3]])
        #expect(Self.counts(processor) == [3, 2, 0, 0])
    }

    @Test func batchesTheCollectorRefusesAreCountedAsFailed() {
        let exporter = RecordingExporter(accepts: false)
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 2, queue: 10), exporter: exporter)
        defer { processor.shutdown() }
        for id in 1...3 { processor.spanEnded(Self.span(UInt64(id))) }
        processor.forceFlush()
        #expect(Self.counts(processor) == [0, 0, 3, 2])
    }

    @Test func forceFlushExportsWhatWaits() {
        let exporter = RecordingExporter()
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 10, queue: 100), exporter: exporter)
        defer { processor.shutdown() }
        for id in 1...4 { processor.spanEnded(Self.span(UInt64(id))) }
        processor.forceFlush()
        #expect(exporter.batchIDs == [[1, 2, 3, 4]])
        processor.forceFlush()
        #expect(exporter.batchIDs.count == 1)
    }

    @Test func theScheduleDelayExportsWithoutAFlush() {
        let exporter = RecordingExporter()
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 10, queue: 100, delayMilliseconds: 10), exporter: exporter)
        defer { processor.shutdown() }
        processor.spanEnded(Self.span(1))
        #expect(exporter.entered.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func shutdownExportsWhatWaitsThenStops() {
        let exporter = RecordingExporter()
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 10, queue: 100), exporter: exporter)
        processor.spanEnded(Self.span(1))
        processor.spanEnded(Self.span(2))
        processor.shutdown()
        #expect(exporter.batchIDs == [[1, 2]])
        processor.spanEnded(Self.span(3))
        processor.forceFlush()
        processor.shutdown()
        #expect(exporter.batchIDs == [[1, 2]])
        #expect(Self.counts(processor) == [2, 1, 0, 0])
    }
}

extension BatchSpanProcessorTests {
    /// Woken by a full batch, the thread sends full batches only: the two
    /// spans that came during an export wait until a third makes a batch
    /// (or the tick), so a busy server sends few large requests.
    @Test func afterAFullBatchOnlyFullBatchesGoUntilTheTick() {
        let gate = DispatchSemaphore(value: 0)
        let exporter = RecordingExporter(gate: gate)
        let processor = BatchSpanProcessor(batching: Self.batching(batch: 3, queue: 100), exporter: exporter)
        defer { processor.shutdown() }
        for id in 1...3 { processor.spanEnded(Self.span(UInt64(id))) }
        #expect(exporter.entered.wait(timeout: .now() + .seconds(10)) == .success)
        processor.spanEnded(Self.span(4))
        processor.spanEnded(Self.span(5))
        gate.signal()
        // The first export is counted: the thread has looked at the queue (or is about to) and left 4 and 5 there.
        #expect(eventually(within: .seconds(10)) { processor.totals.exported == 3 })
        processor.spanEnded(Self.span(6))
        #expect(exporter.entered.wait(timeout: .now() + .seconds(10)) == .success)
        for _ in 1...3 { gate.signal() }
        processor.forceFlush()
        #expect(exporter.batchIDs == [[1, 2, 3], [4, 5, 6]])
    }
}
