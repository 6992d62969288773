import Locking
@testable import MomentsAPI
import Testing

/// The fan-out's decisions, without a clock, a store or a thread: which
/// groups a like reaches (`AudienceIndex`), and which jobs start when
/// (`FanOutQueue`).
@Suite struct FanOutPlanTests {
    typealias Index = AudienceIndex<String>

    static func moments(_ ids: String...) -> Set<UTF8Key> { Set(ids.map { UTF8Key($0) }) }

    @Test func aLikeReachesTheGroupsWhosePageHoldsItAndTheUnread() {
        var index = Index()
        for group in ["a", "b", "c"] { index.opened(group) }
        #expect(index.audience(of: "4") == ["a", "b", "c"], "an unread page may hold anything")
        index.read("a", moments: Self.moments("1", "4"), epoch: index.epoch)
        index.read("b", moments: Self.moments("2"), epoch: index.epoch)
        #expect(index.audience(of: "4") == ["a", "c"])
        #expect(index.audience(of: "2") == ["b", "c"])
        index.read("c", moments: Self.moments("3"), epoch: index.epoch)
        #expect(index.audience(of: "4") == ["a"])
        #expect(index.audience(of: "9").isEmpty, "a moment on no open page reaches nobody")
    }

    @Test func theIndexFollowsPagesGroupsAndOtherProgramsWrites() {
        var index = Index()
        index.opened("a")
        index.read("a", moments: Self.moments("1"), epoch: index.epoch)
        // Read again (another program posted): the old page's moments no longer reach it.
        index.read("a", moments: Self.moments("2"), epoch: index.epoch)
        #expect(index.audience(of: "1").isEmpty && index.audience(of: "2") == ["a"])
        // Another program wrote: every page is unknown again, and a read begun before is stale.
        let before = index.epoch
        index.forgetPages()
        #expect(index.audience(of: "7") == ["a"])
        index.read("a", moments: Self.moments("2"), epoch: before)
        #expect(index.unread == ["a"], "a page read before the change is not taken")
        index.read("a", moments: Self.moments("2"), epoch: index.epoch)
        #expect(index.audience(of: "7").isEmpty)
        // A closed group is reached by nothing, and a late read does not bring it back.
        index.closed("a")
        index.read("a", moments: Self.moments("2"), epoch: index.epoch)
        #expect(index.audience(of: "2").isEmpty && index.openGroups == 0)
    }

    @Test func eachGroupRunsOneJobAtATimeWithinTheLimit() {
        var queue = FanOutQueue<String>(limit: 2)
        #expect(queue.add("1", to: "a") == ["a"])
        #expect(queue.take("a") == ["1"], "a's job takes what is due when it starts")
        #expect(queue.add("1", to: "b") == ["b"])
        #expect(queue.take("b") == ["1"])
        #expect(queue.add("1", to: "c").isEmpty, "two running: the third waits")
        // Likes for a running group wait for its job to end; repeats are one.
        #expect(queue.add("2", to: "a").isEmpty)
        #expect(queue.add("2", to: "a").isEmpty)
        #expect(queue.finished("a") == ["c"], "the next ready group starts; a's second run waits behind it")
        #expect(queue.take("c") == ["1"])
        #expect(queue.finished("b") == ["a"])
        #expect(queue.take("a") == ["2"], "moment 2, once, though liked twice")
        #expect(queue.finished("a").isEmpty)
        #expect(queue.finished("c").isEmpty)
        #expect(queue.running.isEmpty && queue.readyCount == 0)
    }

    @Test func coalescesMomentsAndDropsClosedGroups() {
        var queue = FanOutQueue<String>(limit: 1)
        _ = queue.add("1", to: "a")
        for moment in ["5", "6", "5", "6", "5"] { _ = queue.add(UTF8Key(moment), to: "b") }
        _ = queue.add(nil, to: "c")
        queue.closed("b")
        #expect(queue.finished("a") == ["c"], "b closed while it waited: never started")
        #expect(queue.take("c") == [], "c is due its page only")
    }

    @Test func aRefusedJobRunsFirstWhenThePoolHasRoom() {
        var queue = FanOutQueue<String>(limit: 2)
        #expect(queue.add("1", to: "a") == ["a"])
        queue.refused("a")
        #expect(queue.add("1", to: "b") == ["a", "b"], "a again, first, with what was due")
        #expect(queue.take("a") == ["1"])
    }
}
