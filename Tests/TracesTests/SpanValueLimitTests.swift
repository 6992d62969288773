import Testing
import Tracing
@testable import Traces

/// `SpanRecord.limitingValues`: every string a finished span holds is cut to
/// the limit in UTF-8 bytes, never inside a scalar; numbers and short strings stay.
struct SpanValueLimitTests {
    static func record() -> SpanRecord {
        var record = SpanRecord.make(name: "query " + String(repeating: "n", count: 40))
        record.attributes = [
            "url.path": .string("/" + String(repeating: "p", count: 40)),
            "short": "ok",
            "count": .int64(12_345_678_901),
            "agents": .stringArray(["a", String(repeating: "é", count: 20)]),
        ]
        record.status = SpanStatus(code: .error, message: "Cannot query field \"" + String(repeating: "f", count: 40) + "\"")
        record.events = [SpanEvent(name: "exception", at: FixedInstant(nanosecondsSinceEpoch: 5), attributes: ["exception.message": .string(String(repeating: "m", count: 40))])]
        record.links = [SpanRecord.Link(context: record.context, attributes: ["reason": .string(String(repeating: "r", count: 40))])]
        return record
    }

    @Test func cutsEveryStringToTheLimit() {
        let limited = Self.record().limitingValues(to: 9)
        #expect(limited.name == "query nnn")
        #expect(limited.attributes.get("url.path") == .string("/pppppppp"))
        #expect(limited.attributes.get("short") == .string("ok"))
        #expect(limited.attributes.get("count") == .int64(12_345_678_901))
        // "é" is two bytes: nine bytes would cut the fifth in two, so four are kept.
        #expect(limited.attributes.get("agents") == .stringArray(["a", "éééé"]))
        #expect(limited.status?.code == .error)
        #expect(limited.status?.message == "Cannot qu")
        #expect(limited.events.first?.attributes.get("exception.message") == .string("mmmmmmmmm"))
        #expect(limited.links.first?.attributes.get("reason") == .string("rrrrrrrrr"))
    }

    @Test func leavesARecordWithinTheLimitAsItIs() {
        let record = Self.record()
        let limited = record.limitingValues(to: 1024)
        #expect(limited.name == record.name)
        #expect(limited.attributes == record.attributes)
        #expect(limited.status == record.status)
        #expect(limited.events == record.events)
    }

    @Test(arguments: [("é", 1, ""), ("aé", 2, "a"), ("aé", 3, "aé"), ("🎉x", 3, ""), ("🎉x", 4, "🎉"), ("e\u{301}x", 3, "e\u{301}")])
    func neverCutsAScalar(_ text: String, _ limit: Int, _ expected: String) {
        let cut = text.prefix(utf8Bytes: limit)
        #expect(cut == expected)
        #expect(Array(cut.utf8) == Array(expected.utf8), "compared as bytes")
        #expect(cut.utf8.count <= limit)
    }
}
