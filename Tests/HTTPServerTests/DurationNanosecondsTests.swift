@testable import HTTPServer
import Testing

/// Limits are Durations; timers and deadlines need nanoseconds. A limit meant as
/// "practically never" must stay far in the future instead of wrapping round to now.
struct DurationNanosecondsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let duration: Duration
        let nanoseconds: UInt64
        var testDescription: String { name }
    }

    @Test(arguments: [
        Case(name: "zero", duration: .zero, nanoseconds: 0),
        Case(name: "milliseconds", duration: .milliseconds(300), nanoseconds: 300_000_000),
        Case(name: "seconds and a fraction", duration: .seconds(2) + .nanoseconds(5), nanoseconds: 2_000_000_005),
        Case(name: "negative clamps at zero", duration: .seconds(-1), nanoseconds: 0),
        Case(name: "seconds(.max) saturates", duration: .seconds(Int64.max), nanoseconds: .max),
        Case(name: "just past UInt64 nanoseconds saturates", duration: .seconds(18_446_744_074), nanoseconds: .max),
    ])
    func convertsWithoutWrapping(_ example: Case) {
        #expect(example.duration.nanoseconds == example.nanoseconds)
    }
}
