import Tracing

/// The tracer behind swift-distributed-tracing's API: spans with W3C ids,
/// sampled by `TraceSampler`, finished ones handed to a `SpanProcessor`;
/// `traceparent`/`tracestate` read and written as W3C Trace Context.
package final class OTelTracer: Tracer {
    package typealias Span = OTelSpan

    private let sampler: TraceSampler
    private let processor: any SpanProcessor
    private let ids: IDGenerator

    package init(sampler: TraceSampler, processor: any SpanProcessor, ids: IDGenerator = IDGenerator()) {
        self.sampler = sampler
        self.processor = processor
        self.ids = ids
    }

    package func startSpan<Instant: TracerInstant>(
        _ operationName: String, context: @autoclosure () -> InstrumentationContext, ofKind kind: SpanKind,
        at instant: @autoclosure () -> Instant, function: String, file fileID: String, line: UInt
    ) -> OTelSpan {
        let parentContext = context()
        let parent = parentContext.spanContext
        // A root's two ids in one turn of the generator's lock.
        let (traceID, rootSpanID): (TraceID, SpanID?) = parent.map { ($0.traceID, nil) } ?? ids.rootIDs()
        let sampled = sampler.shouldSample(traceID: traceID, parent: parent)
        // Below a span nobody records, a span that records nothing needs no id
        // of its own: its children and the logs see the parent's.
        if !sampled, let parent, !parent.isSampled { return OTelSpan(parent: parentContext, own: nil) }
        let spanContext = SpanContext(
            traceID: traceID, spanID: rootSpanID ?? ids.spanID(), isSampled: sampled, traceState: parent?.traceState)
        guard sampled else { return OTelSpan(parent: parentContext, own: OwnSpan(spanContext, recorder: nil)) }
        let record = SpanRecord(
            context: spanContext, parentSpanID: parent?.spanID, name: operationName, kind: kind,
            startNanoseconds: instant().nanosecondsSinceEpoch)
        return OTelSpan(parent: parentContext, own: OwnSpan(spanContext, recorder: SpanRecorder(record, processor: processor)))
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
