import Locking
import Testing
import Tracing
@testable import Traces

/// `OTelTracer`'s decisions: which spans record, which get ids, and which
/// trace a span joins. No clock: every span starts and ends at fixed instants.
struct OTelTracerTests {
    static let start = FixedInstant(nanosecondsSinceEpoch: 10)
    static let end = FixedInstant(nanosecondsSinceEpoch: 20)

    /// A request's span and a child under it, both ended; the child's context is the one a third level would see.
    static func requestAndChild(_ tracer: OTelTracer, parent: InstrumentationContext = .topLevel) -> (OTelSpan, OTelSpan) {
        let request = tracer.startSpan("POST", context: parent, ofKind: .server, at: start)
        let child = tracer.startSpan("graphql.execute", context: request.context, ofKind: .internal, at: start)
        child.end(at: end)
        request.end(at: end)
        return (request, child)
    }

    @Test func aDroppedRootHasNoIdsAndNothingBelowItRecordsOrStartsATrace() {
        // Half the roots are kept (by trace id); children follow their root whichever way it went.
        let recorder = RecordingProcessor()
        let tracer = OTelTracer(sampler: .traceIDRatio(0.5), processor: recorder, ids: IDGenerator(seed: 7))
        var kept = 0
        for _ in 0..<64 {
            let (request, child) = Self.requestAndChild(tracer)
            if let context = request.spanContext {
                kept += 1
                #expect(context.isSampled, "a root's ids are made only for a root that is kept")
                #expect(child.spanContext?.traceID == context.traceID)
                #expect(child.spanContext?.isSampled == true)
            } else {
                #expect(request.spanContext == nil, "a dropped root has no trace id to log")
                #expect(child.spanContext == nil)
                #expect(child.context.spanContext == nil)
            }
        }
        #expect(kept > 0 && kept < 64, "the seed gives both outcomes")
        // Every span recorded is in a kept trace: two per kept request, none of its own.
        #expect(recorder.records.count == 2 * kept)
        #expect(Set(recorder.records.map(\.context.traceID)).count == kept)
    }

    @Test func alwaysOffRecordsNothingAndMakesNoIds() {
        let recorder = RecordingProcessor()
        let (request, child) = Self.requestAndChild(OTelTracer(sampler: .alwaysOff, processor: recorder))
        #expect(request.spanContext == nil && child.spanContext == nil)
        #expect(recorder.records.isEmpty)
    }

    @Test func aCallersUnsampledTraceIsKeptForTheLogsAndRecordsNothing() {
        let recorder = RecordingProcessor()
        let caller = SpanContext(traceID: TraceID(high: 1, low: 2), spanID: SpanID(3), isSampled: false, isRemote: true)
        var parent = InstrumentationContext.topLevel
        parent.spanContext = caller
        let (request, child) = Self.requestAndChild(
            OTelTracer(sampler: .parentBased(root: .alwaysOn), processor: recorder), parent: parent)
        #expect(request.spanContext?.traceID == caller.traceID)
        #expect(child.spanContext?.traceID == caller.traceID)
        #expect(recorder.records.isEmpty)
    }

    @Test func aSampledRootsChildrenShareItsTraceAndNameItAsParent() throws {
        let recorder = RecordingProcessor()
        let (request, child) = Self.requestAndChild(OTelTracer(sampler: .alwaysOn, processor: recorder))
        let requestContext = try #require(request.spanContext)
        let childContext = try #require(child.spanContext)
        #expect(childContext.traceID == requestContext.traceID)
        #expect(childContext.spanID != requestContext.spanID)
        let records = recorder.records
        #expect(records.map(\.name) == ["graphql.execute", "POST"])
        #expect(records.first?.parentSpanID == requestContext.spanID)
        #expect(records.last?.parentSpanID == nil)
    }

    @Test func idsFromOneSeedAreTheSplitMix64Sequence() {
        // The atomic counter gives the same outputs, in order, as the generator stepped by hand.
        var reference = SplitMix64(seed: 42)
        let ids = IDGenerator(seed: 42)
        let trace = ids.traceID()
        let span = ids.spanID()
        #expect(trace == TraceID(high: reference.next(), low: reference.next()))
        #expect(span == SpanID(reference.next()))
    }
}
