import Tracing
@testable import Traces

/// An instant given in nanoseconds, for events at a known time.
struct FixedInstant: TracerInstant {
    var nanosecondsSinceEpoch: UInt64

    static func < (lhs: FixedInstant, rhs: FixedInstant) -> Bool { lhs.nanosecondsSinceEpoch < rhs.nanosecondsSinceEpoch }
}

extension SpanRecord {
    static func make(
        traceID: TraceID = TraceID(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210),
        spanID: UInt64 = 0x1111_2222_3333_4444, parentSpanID: UInt64? = nil, name: String = "span", kind: SpanKind = .internal,
        startNanoseconds: UInt64 = 1_700_000_000_000_000_000, durationNanoseconds: UInt64 = 5_000_000
    ) -> SpanRecord {
        var record = SpanRecord(
            context: SpanContext(traceID: traceID, spanID: SpanID(spanID), isSampled: true), parentSpanID: parentSpanID.map(SpanID.init),
            name: name, kind: kind, startNanoseconds: startNanoseconds)
        record.endNanoseconds = startNanoseconds + durationNanoseconds
        return record
    }
}
