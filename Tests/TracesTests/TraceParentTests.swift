import Testing
@testable import Traces

/// W3C Trace Context §3.2 `traceparent` and §3.3 `tracestate`, one line a case.
struct TraceParentTests {
    static let traceID = "0af7651916cd43dd8448eb211c80319c"
    static let parentID = "b7ad6b7169203331"
    static let valid = "00-\(traceID)-\(parentID)-01"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var header: String
        /// Nil when the header must be refused; else whether it says sampled.
        var sampled: Bool?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "version 00, sampled", header: valid, sampled: true),
        Case(name: "version 00, not sampled", header: "00-\(traceID)-\(parentID)-00", sampled: false),
        Case(name: "unknown flag bits beside sampled", header: "00-\(traceID)-\(parentID)-09", sampled: true),
        Case(name: "uppercase trace id", header: "00-\(traceID.uppercased())-\(parentID)-01", sampled: nil),
        Case(name: "uppercase parent id", header: "00-\(traceID)-\(parentID.uppercased())-01", sampled: nil),
        Case(name: "uppercase flags", header: "00-\(traceID)-\(parentID)-0A", sampled: nil),
        Case(name: "all-zero trace id", header: "00-\(String(repeating: "0", count: 32))-\(parentID)-01", sampled: nil),
        Case(name: "all-zero parent id", header: "00-\(traceID)-\(String(repeating: "0", count: 16))-01", sampled: nil),
        Case(name: "version ff", header: "ff-\(traceID)-\(parentID)-01", sampled: nil),
        Case(name: "version 01, exactly 55 bytes", header: "01-\(traceID)-\(parentID)-01", sampled: true),
        Case(name: "version 01 with a -suffix", header: "01-\(traceID)-\(parentID)-01-what-the-future-holds", sampled: true),
        Case(name: "version 01 with bytes but no dash", header: "01-\(traceID)-\(parentID)-01x", sampled: nil),
        Case(name: "version 00 with a -suffix", header: "00-\(traceID)-\(parentID)-01-extra", sampled: nil),
        Case(name: "version 00 with one more byte", header: valid + "0", sampled: nil),
        Case(name: "54 bytes", header: String(valid.dropLast()), sampled: nil),
        Case(name: "empty", header: "", sampled: nil),
        Case(name: "underscores for dashes", header: "00_\(traceID)_\(parentID)_01", sampled: nil),
        Case(name: "non-hex version", header: "0g-\(traceID)-\(parentID)-01", sampled: nil),
        Case(name: "non-hex flags", header: "00-\(traceID)-\(parentID)-0x", sampled: nil),
    ]

    @Test(arguments: cases)
    func readsTraceparent(_ test: Case) {
        let context = TraceParent.parse(test.header)
        #expect(context?.isSampled == test.sampled)
        if test.sampled != nil {
            #expect(context?.traceID.hex == Self.traceID)
            #expect(context?.spanID.hex == Self.parentID)
            #expect(context?.isRemote == true)
        }
    }

    @Test func keepsAValidTracestate() {
        let state = "rojo=00f067aa0ba902b7,congo=t61rcWkgMzE"
        #expect(TraceParent.parse(Self.valid, traceState: state)?.traceState == state)
        let longest = "k=" + String(repeating: "v", count: TraceParent.maxTraceStateBytes - 2)
        #expect(TraceParent.parse(Self.valid, traceState: longest)?.traceState == longest)
    }

    @Test(arguments: [
        "k=" + String(repeating: "v", count: TraceParent.maxTraceStateBytes - 1),
        "rojo=1\u{1}", "rojo=1\r\ncongo=2", "rojo=\u{7F}", "",
    ])
    func dropsATracestateTooLongOrWithControlBytesButKeepsTheParent(_ state: String) {
        let context = TraceParent.parse(Self.valid, traceState: state)
        #expect(context != nil)
        #expect(context?.traceState == nil)
    }

    @Test func formatsWhatItReads() throws {
        for header in [Self.valid, "00-\(Self.traceID)-\(Self.parentID)-00"] {
            let context = try #require(TraceParent.parse(header))
            #expect(TraceParent.format(context) == header)
        }
        let local = SpanContext(traceID: TraceID(high: 1, low: 2), spanID: SpanID(3), isSampled: true)
        #expect(TraceParent.format(local) == "00-00000000000000010000000000000002-0000000000000003-01")
        #expect(TraceParent.parse(TraceParent.format(local)) == SpanContext(
            traceID: local.traceID, spanID: local.spanID, isSampled: true, isRemote: true))
    }
}
