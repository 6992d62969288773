/// Where finished spans go: the batch processor, or a test's list. Called on
/// the thread that ended the span: it must never block.
package protocol SpanProcessor: Sendable {
    func spanEnded(_ span: SpanRecord)
    /// Exports what waits now, returning when done or after the export timeout.
    func forceFlush()
}
