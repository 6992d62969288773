import Dispatch
import Foundation
@testable import Traces

/// A span exporter that keeps every batch it is given. With a gate, each
/// export waits for one `gate.signal()` from the test: a collector that
/// hangs until the test lets it answer. `entered` is signalled as each export begins.
final class RecordingExporter: SpanExporter, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    private let gate: DispatchSemaphore?
    private let accepts: Bool
    private let lock = NSLock()
    private var recorded: [[SpanRecord]] = []

    init(gate: DispatchSemaphore? = nil, accepts: Bool = true) {
        self.gate = gate
        self.accepts = accepts
    }

    var batches: [[SpanRecord]] { lock.withLock { recorded } }

    /// The span ids of each batch, as numbers.
    var batchIDs: [[UInt64]] { batches.map { $0.map(\.context.spanID.value) } }

    func export(_ batch: [SpanRecord], timeoutMilliseconds: Int) -> Bool {
        entered.signal()
        gate?.wait()
        lock.withLock { recorded.append(batch) }
        return accepts
    }
}
