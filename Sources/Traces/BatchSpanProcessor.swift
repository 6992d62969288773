import Dispatch
import Locking

/// Sends finished spans in batches from a thread of its own (OpenTelemetry's
/// batch span processor): a span waits at most `scheduleDelayMilliseconds`,
/// a batch holds at most `maxExportBatchSize`, and at most `maxQueueSize`
/// wait; past that a finished span is dropped and counted. Ending a span
/// costs one lock and an append, whatever the collector does: a collector
/// that is down, slow or hanging delays only this thread, for at most the
/// export timeout per batch.
package final class BatchSpanProcessor: SpanProcessor {
    /// What the processor did so far, for `/metrics`.
    package struct Totals: Equatable, Sendable {
        package var exported: UInt64 = 0
        /// Dropped because the queue was full.
        package var dropped: UInt64 = 0
        /// Spans in batches the collector did not accept (or never answered for).
        package var failed: UInt64 = 0
        /// Export requests that failed.
        package var failedExports: UInt64 = 0
    }

    private struct State: Sendable {
        var queue: [SpanRecord] = []
        var totals = Totals()
        var stopping = false
        /// A flush asked for: the thread exports everything waiting, then signals `flushed`.
        var flushRequests = 0
    }

    private let batching: TracingConfiguration.Batching
    private let exporter: any SpanExporter
    private let state = Locked(State())
    private let wake = DispatchSemaphore(value: 0)
    private let flushed = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let thread = DispatchQueue(label: "traces.export")

    package init(batching: TracingConfiguration.Batching, exporter: any SpanExporter) {
        self.batching = batching
        self.exporter = exporter
        thread.async { [self] in run() }
    }

    package var totals: Totals { state.withLock { $0.totals } }

    package func spanEnded(_ span: SpanRecord) {
        let full = state.withLock { state -> Bool in
            guard !state.stopping, state.queue.count < batching.maxQueueSize else {
                state.totals.dropped &+= 1
                return false
            }
            state.queue.append(span)
            return state.queue.count == batching.maxExportBatchSize
        }
        // A full batch goes at once, not at the next tick.
        if full { wake.signal() }
    }

    /// Exports what waits and returns when that is done (bounded by the export timeout per batch).
    package func forceFlush() {
        let running = state.withLock { state -> Bool in
            guard !state.stopping else { return false }
            state.flushRequests += 1
            return true
        }
        guard running else { return }
        wake.signal()
        flushed.wait()
    }

    /// Exports what waits, then stops the thread; spans ending later are dropped.
    /// Waits at most `exportTimeoutMilliseconds` for the last export.
    package func shutdown() {
        let first = state.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        wake.signal()
        _ = finished.wait(timeout: .now() + .milliseconds(batching.exportTimeoutMilliseconds))
    }

    private func run() {
        var tick = DispatchTime.now() + .milliseconds(batching.scheduleDelayMilliseconds)
        while true {
            _ = wake.wait(timeout: tick)
            // On the tick everything waiting goes; woken by a full batch, only full batches
            // do (the rest waits for the tick), so a busy server sends a few large requests,
            // not one small one after another.
            let ticked = DispatchTime.now() >= tick
            if ticked { tick = DispatchTime.now() + .milliseconds(batching.scheduleDelayMilliseconds) }
            var flushes = 0
            var stopping = false
            while true {
                // The flushes and the stop are taken with the empty queue, under one lock: a span
                // queued just before a flush (or the stop) is then in a batch, not left behind.
                let batch = state.withLock { state -> [SpanRecord] in
                    let everything = ticked || state.flushRequests > 0 || state.stopping
                    let count = min(state.queue.count, batching.maxExportBatchSize)
                    guard count == batching.maxExportBatchSize || (everything && count > 0) else {
                        (flushes, stopping) = (state.flushRequests, state.stopping)
                        state.flushRequests = 0
                        return []
                    }
                    let batch = Array(state.queue.prefix(count))
                    state.queue.removeFirst(count)
                    return batch
                }
                guard !batch.isEmpty else { break }
                let accepted = exporter.export(batch, timeoutMilliseconds: batching.exportTimeoutMilliseconds)
                state.withLock { state in
                    if accepted {
                        state.totals.exported &+= UInt64(batch.count)
                    } else {
                        state.totals.failed &+= UInt64(batch.count)
                        state.totals.failedExports &+= 1
                    }
                }
            }
            for _ in 0..<flushes { flushed.signal() }
            if stopping {
                finished.signal()
                return
            }
        }
    }
}

/// Sends one batch; true when the collector accepted it. Runs on the
/// processor's thread only, so it may block, for at most `timeoutMilliseconds`.
package protocol SpanExporter: Sendable {
    func export(_ batch: [SpanRecord], timeoutMilliseconds: Int) -> Bool
}
