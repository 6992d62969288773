import Locking
import Moments
import Testing
@testable import MomentsStorage

/// The store's change feed and positions (docs/api.md, "Resuming a stream"):
/// a subscriber that comes after positions were heard (live likes, after
/// PostgreSQL's first mark) is told the newest as a mark, and no position
/// from before a gap.
struct ChangeFeedTests {
    final class Recorder: DataChangeObserver {
        let heard = Locked<[String]>([])
        func likesChanged(momentID: String) { heard.withLock { $0.append("likes \(momentID)") } }
        func everythingChanged() { heard.withLock { $0.append("everything") } }
        func changeHeard(at position: String, momentID: String?) {
            heard.withLock { $0.append("\(position) \(momentID ?? "mark")") }
        }
    }

    @Test func aLateSubscriberIsToldTheNewestPositionAsAMark() {
        let feed = ChangeFeed(numbersLocalChanges: false)
        let early = Recorder()
        feed.subscribe(early)
        feed.changeHeard(at: "7", momentID: nil)
        feed.changeHeard(at: "8", momentID: "4")
        let late = Recorder()
        feed.subscribe(late)
        feed.changeHeard(at: "9", momentID: "3")
        #expect(early.heard.withLock { $0 } == ["7 mark", "8 4", "9 3"])
        #expect(late.heard.withLock { $0 } == ["8 mark", "9 3"])
    }

    @Test func noPositionFromBeforeAGapIsToldLater() {
        let feed = ChangeFeed(numbersLocalChanges: false)
        feed.changeHeard(at: "7", momentID: nil)
        feed.changeTrackingLost()
        let afterLoss = Recorder()
        feed.subscribe(afterLoss)
        feed.changeHeard(at: "8", momentID: "4")
        feed.everythingChanged()
        let afterChange = Recorder()
        feed.subscribe(afterChange)
        #expect(afterLoss.heard.withLock { $0 } == ["8 4", "everything"])
        #expect(afterChange.heard.withLock { $0 }.isEmpty)
    }

    @Test func sqlitesOwnWritesAreNumberedBeforeTheyAreReported() {
        let feed = ChangeFeed(numbersLocalChanges: true)
        let recorder = Recorder()
        feed.subscribe(recorder)
        feed.likesChanged(momentID: "4")
        let heard = recorder.heard.withLock { $0 }
        #expect(heard.count == 2 && heard[0].hasSuffix(".1 4") && heard[1] == "likes 4", "\(heard)")
        let late = Recorder()
        feed.subscribe(late)
        #expect(late.heard.withLock { $0 } == [heard[0].replacingOccurrences(of: " 4", with: " mark")])
    }
}
