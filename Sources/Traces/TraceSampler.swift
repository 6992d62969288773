/// OpenTelemetry's built-in samplers (`OTEL_TRACES_SAMPLER`): whether a new
/// span is recorded and exported. Pure: decided from the trace id and the
/// parent's context alone.
package enum TraceSampler: Equatable, Sendable {
    case alwaysOn
    case alwaysOff
    /// Samples this fraction of traces, by trace id: every service using the
    /// same rule keeps the same traces.
    case traceIDRatio(Double)
    /// The parent's decision when there is a parent (local or remote), `root`'s otherwise.
    indirect case parentBased(root: TraceSampler)

    package func shouldSample(traceID: TraceID, parent: SpanContext?) -> Bool {
        switch self {
        case .alwaysOn: return true
        case .alwaysOff: return false
        case .traceIDRatio(let ratio): return Self.sample(traceID, ratio: ratio)
        case .parentBased(let root):
            if let parent { return parent.isSampled }
            return root.shouldSample(traceID: traceID, parent: nil)
        }
    }

    /// The trace id's last 8 bytes, shifted to 63 bits, against `ratio` of
    /// their range, as OpenTelemetry's Go SDK compares them: 0 samples nothing and 1 everything.
    static func sample(_ traceID: TraceID, ratio: Double) -> Bool {
        guard ratio > 0 else { return false }
        guard ratio < 1 else { return true }
        let bound = UInt64(ratio * 0x1p63)  // ratio in (0, 1): below 2^63, representable
        return traceID.low >> 1 < bound
    }
}
