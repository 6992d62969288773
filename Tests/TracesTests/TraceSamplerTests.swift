import Testing
@testable import Traces

/// OpenTelemetry's built-in samplers, decided from trace ids a seeded generator makes.
struct TraceSamplerTests {
    static func traceIDs(_ count: Int, seed: UInt64 = 7) -> [TraceID] {
        let generator = IDGenerator(seed: seed)
        return (0..<count).map { _ in generator.traceID() }
    }

    static func parent(sampled: Bool) -> SpanContext {
        SpanContext(traceID: TraceID(high: 1, low: 1), spanID: SpanID(1), isSampled: sampled, isRemote: true)
    }

    @Test func alwaysOnAndAlwaysOffIgnoreTheParent() {
        for parent in [nil, Self.parent(sampled: true), Self.parent(sampled: false)] {
            for id in Self.traceIDs(100) {
                #expect(TraceSampler.alwaysOn.shouldSample(traceID: id, parent: parent))
                #expect(!TraceSampler.alwaysOff.shouldSample(traceID: id, parent: parent))
            }
        }
    }

    @Test func ratioZeroSamplesNothingAndOneEverything() {
        let extremes = [TraceID(high: 0, low: 1), TraceID(high: .max, low: .max), TraceID(high: 0, low: 0x8000_0000_0000_0000)]
        for id in Self.traceIDs(1000) + extremes {
            #expect(!TraceSampler.traceIDRatio(0).shouldSample(traceID: id, parent: nil))
            #expect(TraceSampler.traceIDRatio(1).shouldSample(traceID: id, parent: nil))
        }
    }

    @Test func ratioOneHalfSamplesAboutHalfOfTheTraces() {
        let sampled = Self.traceIDs(10_000).filter { TraceSampler.traceIDRatio(0.5).shouldSample(traceID: $0, parent: nil) }.count
        #expect((4_700...5_300).contains(sampled), "\(sampled) of 10000")
    }

    @Test func ratioDecidesByTraceIDSoEveryServiceKeepsTheSameTraces() {
        let ids = Self.traceIDs(1000, seed: 11)
        let first = ids.map { TraceSampler.traceIDRatio(0.3).shouldSample(traceID: $0, parent: nil) }
        let second = ids.map { TraceSampler.traceIDRatio(0.3).shouldSample(traceID: $0, parent: nil) }
        #expect(first == second)
        // A trace kept at a ratio is kept at every larger one.
        for id in ids where TraceSampler.traceIDRatio(0.3).shouldSample(traceID: id, parent: nil) {
            #expect(TraceSampler.traceIDRatio(0.6).shouldSample(traceID: id, parent: nil))
        }
    }

    @Test func parentBasedFollowsTheParentBothWays() {
        let id = TraceID(high: 5, low: 5)
        #expect(TraceSampler.parentBased(root: .alwaysOff).shouldSample(traceID: id, parent: Self.parent(sampled: true)))
        #expect(!TraceSampler.parentBased(root: .alwaysOn).shouldSample(traceID: id, parent: Self.parent(sampled: false)))
        var local = Self.parent(sampled: true)
        local.isRemote = false
        #expect(TraceSampler.parentBased(root: .alwaysOff).shouldSample(traceID: id, parent: local))
    }

    @Test func parentBasedUsesTheRootSamplerWithoutAParent() {
        let id = TraceID(high: 5, low: 5)
        #expect(TraceSampler.parentBased(root: .alwaysOn).shouldSample(traceID: id, parent: nil))
        #expect(!TraceSampler.parentBased(root: .alwaysOff).shouldSample(traceID: id, parent: nil))
        for id in Self.traceIDs(200) {
            #expect(
                TraceSampler.parentBased(root: .traceIDRatio(0.25)).shouldSample(traceID: id, parent: nil)
                    == TraceSampler.traceIDRatio(0.25).shouldSample(traceID: id, parent: nil))
        }
    }
}
