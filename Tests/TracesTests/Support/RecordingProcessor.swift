import Foundation
@testable import Traces

/// A span processor that keeps every finished span, in order.
final class RecordingProcessor: SpanProcessor, @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [SpanRecord] = []

    var records: [SpanRecord] { lock.withLock { recorded } }

    func spanEnded(_ span: SpanRecord) { lock.withLock { recorded.append(span) } }

    func forceFlush() {}
}
