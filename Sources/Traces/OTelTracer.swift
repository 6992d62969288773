import Tracing

/// The tracer behind swift-distributed-tracing's API: spans with W3C ids,
/// sampled by `TraceSampler`, finished ones handed to a `SpanProcessor`;
/// `traceparent`/`tracestate` read and written as W3C Trace Context.
package final class OTelTracer: Tracer {
    package typealias Span = OTelSpan

    private let sampler: TraceSampler
    private let processor: any SpanProcessor
    private let ids: IDGenerator
    private let valueLengthLimit: Int
    /// The context of every root dropped without a context of its caller's: one
    /// value, so dropping costs no allocation (a stored property, not a `static let`'s once-check).
    private let sampledOutTopLevel: InstrumentationContext = {
        var context = InstrumentationContext.topLevel
        context.isSampledOut = true
        return context
    }()

    package init(
        sampler: TraceSampler, processor: any SpanProcessor, ids: IDGenerator = IDGenerator(),
        valueLengthLimit: Int = TracingConfiguration.defaultValueLengthLimit
    ) {
        self.sampler = sampler
        self.processor = processor
        self.ids = ids
        self.valueLengthLimit = valueLengthLimit
    }

    package func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> InstrumentationContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> OTelSpan {
        let parentContext = context()
        // A context's lookups are generic calls: a top-level one (most roots) skips them.
        let parent = parentContext.isEmpty ? nil : parentContext.spanContext
        // Below a root the sampler dropped, nothing is recorded and nothing is a root
        // again: the request stays one trace, and its spans cost two lookups each.
        if parent == nil, !parentContext.isEmpty, parentContext.isSampledOut { return OTelSpan(parent: parentContext, own: nil) }
        let traceID = parent?.traceID ?? ids.traceID()
        let sampled = sampler.shouldSample(traceID: traceID, parent: parent)
        if !sampled {
            // A dropped root gets no ids: no trace of it exists anywhere, so there is
            // nothing to name in the logs, and the most common request pays nothing.
            guard let parent else { return OTelSpan(parent: sampledOut(parentContext), own: nil) }
            // Below a span nobody records, a span that records nothing needs no id
            // of its own: its children and the logs see the parent's.
            if !parent.isSampled { return OTelSpan(parent: parentContext, own: nil) }
        }
        let spanContext = SpanContext(traceID: traceID, spanID: ids.spanID(), isSampled: sampled, traceState: parent?.traceState)
        guard sampled else { return OTelSpan(parent: parentContext, own: OwnSpan(spanContext, recorder: nil)) }
        let record = SpanRecord(
            context: spanContext, parentSpanID: parent?.spanID, name: operationName, kind: kind,
            startNanoseconds: instant().nanosecondsSinceEpoch)
        let recorder = SpanRecorder(record, processor: processor, valueLengthLimit: valueLengthLimit)
        return OTelSpan(parent: parentContext, own: OwnSpan(spanContext, recorder: recorder))
    }

    /// `context` marked as the context of a dropped root; the top-level one made once.
    private func sampledOut(_ context: InstrumentationContext) -> InstrumentationContext {
        guard !context.isEmpty else { return sampledOutTopLevel }
        var marked = context
        marked.isSampledOut = true
        return marked
    }

    package func forceFlush() { processor.forceFlush() }

    // MARK: W3C Trace Context

    package func extract<Carrier, Extract: Extractor>(
        _ carrier: Carrier, into context: inout InstrumentationContext, using extractor: Extract
    ) where Extract.Carrier == Carrier {
        guard let traceparent = extractor.extract(key: "traceparent", from: carrier),
            let parent = TraceParent.parse(traceparent, traceState: extractor.extract(key: "tracestate", from: carrier))
        else { return }
        context.spanContext = parent
    }

    package func inject<Carrier, Inject: Injector>(
        _ context: InstrumentationContext, into carrier: inout Carrier, using injector: Inject
    ) where Inject.Carrier == Carrier {
        guard let spanContext = context.spanContext else { return }
        injector.inject(TraceParent.format(spanContext), forKey: "traceparent", into: &carrier)
        if let traceState = spanContext.traceState { injector.inject(traceState, forKey: "tracestate", into: &carrier) }
    }
}
