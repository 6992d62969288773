import Tracing

/// What a span passes to its children and to the next service: its trace,
/// its own id, whether it is sampled, and the caller's `tracestate`.
package struct SpanContext: Hashable, Sendable {
    package var traceID: TraceID
    package var spanID: SpanID
    /// The W3C `sampled` flag: the span is recorded and exported.
    package var isSampled: Bool
    /// The incoming `tracestate`, passed on unchanged (we add no member of our own).
    package var traceState: String?
    /// Made from a `traceparent` received, not by this process.
    package var isRemote = false
}

/// Where the current span's `SpanContext` lives in an `InstrumentationContext`.
package enum SpanContextKey: InstrumentationContextKey {
    package typealias Value = SpanContext
    package static var nameOverride: String? { "otel-span-context" }
}

extension InstrumentationContext {
    /// The span this context belongs to, if any.
    package var spanContext: SpanContext? {
        get { self[SpanContextKey.self] }
        set { self[SpanContextKey.self] = newValue }
    }
}

/// Marks the context of a root span the sampler dropped: it has no ids, and
/// the spans started under it record nothing (`OTelTracer.startSpan`).
enum SampledOutKey: InstrumentationContextKey {
    typealias Value = Bool
    static var nameOverride: String? { "otel-sampled-out" }
}

extension InstrumentationContext {
    /// Whether this is the context of a root the sampler dropped.
    var isSampledOut: Bool {
        get { self[SampledOutKey.self] ?? false }
        set { self[SampledOutKey.self] = newValue }
    }
}
