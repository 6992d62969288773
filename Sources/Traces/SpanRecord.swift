import Tracing

/// A finished span as it is exported: what `OTelSpan` recorded.
package struct SpanRecord: Sendable {
    package struct Link: Sendable {
        package var context: SpanContext
        package var attributes: SpanAttributes
    }

    package var context: SpanContext
    /// Nil for a trace's root span.
    package var parentSpanID: SpanID?
    package var name: String
    package var kind: SpanKind
    package var startNanoseconds: UInt64
    package var endNanoseconds: UInt64 = 0
    package var attributes: SpanAttributes = [:]
    package var events: [SpanEvent] = []
    package var links: [Link] = []
    package var status: SpanStatus?
    /// Past `SpanRecord.maxEntries`: what was left out, as OTLP reports it.
    package var droppedAttributes = 0
    package var droppedEvents = 0
    package var droppedLinks = 0

    /// Attributes, events and links each span keeps at most (OpenTelemetry's
    /// default limits): a span is bounded whatever code adds to it.
    package static let maxEntries = 128

    package init(context: SpanContext, parentSpanID: SpanID?, name: String, kind: SpanKind, startNanoseconds: UInt64) {
        self.context = context
        self.parentSpanID = parentSpanID
        self.name = name
        self.kind = kind
        self.startNanoseconds = startNanoseconds
    }
}
