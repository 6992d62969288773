import Locking
import Testing
@testable import MomentsAPI

/// What a stream reconnecting with `Last-Event-ID` missed: `ResumeLog`, fed
/// positions in commit order and times in nanoseconds (no wall clock).
struct ResumeLogTests {
    static let second: UInt64 = 1_000_000_000

    private func log(_ changes: [(String, String)], window: UInt64 = 60 * second, capacity: Int = 100) -> ResumeLog {
        var log = ResumeLog(window: window, capacity: capacity)
        for (index, (position, moment)) in changes.enumerated() {
            log.heard(position, moment: UTF8Key(moment), at: UInt64(index) * Self.second)
        }
        return log
    }

    @Test func theMomentsChangedAfterAPositionComeOnceEachInTheOrderOfTheirLatestChange() {
        let log = log([("10", "a"), ("11", "b"), ("12", "a"), ("13", "c"), ("14", "b")])
        #expect(log.moments(after: "10") == [UTF8Key("a"), UTF8Key("c"), UTF8Key("b")])
        #expect(log.moments(after: "13") == [UTF8Key("b")])
        #expect(log.moments(after: "14") == [], "nothing missed")
        #expect(log.latest == "14")
    }

    @Test func commitOrderIsTheLogsOrderWhateverThePositionsNumbers() {
        // PostgreSQL's sequence is taken before commit: 21 may commit before 20.
        let log = log([("19", "a"), ("21", "b"), ("20", "c")])
        #expect(log.moments(after: "21") == [UTF8Key("c")])
        #expect(log.moments(after: "20") == [])
    }

    @Test func anUnknownPositionCannotBeResumed() {
        let log = log([("1", "a")])
        #expect(log.moments(after: "2") == nil)
        #expect(log.moments(after: "") == nil)
        #expect(log.moments(after: "01") == nil, "positions are compared as bytes")
    }

    @Test func aGapForgetsEveryEarlierPosition() {
        var log = log([("1", "a"), ("2", "b")])
        log.forget()
        #expect(log.moments(after: "1") == nil && log.moments(after: "2") == nil)
        #expect(log.latest == nil)
        log.heard("3", moment: UTF8Key("c"), at: 10 * Self.second)
        #expect(log.moments(after: "3") == [])
        #expect(log.moments(after: "2") == nil)
    }

    @Test func aMarkIsAPositionToResumeFromThatNamesNoMoment() {
        var log = ResumeLog(window: 60 * Self.second, capacity: 100)
        log.heard("7", moment: nil, at: 0)
        #expect(log.latest == "7", "a stream can start from it before any change")
        #expect(log.moments(after: "7") == [])
        log.heard("8", moment: UTF8Key("a"), at: Self.second)
        log.heard("9", moment: nil, at: 2 * Self.second)
        log.heard("10", moment: UTF8Key("b"), at: 3 * Self.second)
        #expect(log.moments(after: "7") == [UTF8Key("a"), UTF8Key("b")])
        #expect(log.moments(after: "9") == [UTF8Key("b")])
        #expect(log.latest == "10")
    }

    @Test func entriesOlderThanTheWindowGoButTheNewestStays() {
        var log = ResumeLog(window: 60 * Self.second, capacity: 100)
        log.heard("1", moment: UTF8Key("a"), at: 0)
        log.heard("2", moment: UTF8Key("b"), at: 30 * Self.second)
        // 61 s after the first: it goes, the second stays.
        log.heard("3", moment: UTF8Key("c"), at: 61 * Self.second)
        #expect(log.moments(after: "1") == nil, "too old: what came after it may be gone too")
        #expect(log.moments(after: "2") == [UTF8Key("c")])
        // The newest is kept however long nothing else comes: nothing was missed after it.
        #expect(log.count == 2)
    }

    @Test func atCapacityTheOldestGo() {
        var log = ResumeLog(window: 60 * Self.second, capacity: 3)
        for index in 0..<2_000 { log.heard("\(index)", moment: UTF8Key("m\(index % 7)"), at: 0) }
        #expect(log.count == 3)
        #expect(log.moments(after: "1996") == nil)
        #expect(log.moments(after: "1997") == [UTF8Key("m3"), UTF8Key("m4")], "1998 % 7 and 1999 % 7")
        #expect(log.latest == "1999")
    }
}
