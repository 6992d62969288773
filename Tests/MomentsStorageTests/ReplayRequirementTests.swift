import Locking
import Testing
@testable import MomentsStorage

/// When a standby may serve a read: the rule of `ReplayRequirement`, fed
/// the events the monitor and the change feed report, in the orders they
/// can happen.
struct ReplayRequirementTests {
    /// A requirement past its first answered heartbeat, at `lsn`.
    private func started(at lsn: UInt64 = 100) -> ReplayRequirement {
        var requirement = ReplayRequirement()
        heartbeat(&requirement, answered: lsn)
        return requirement
    }

    /// The monitor sends a heartbeat and the primary answers it with `lsn`.
    private func heartbeat(_ requirement: inout ReplayRequirement, answered lsn: UInt64) {
        requirement.heartbeatSent()
        requirement.heartbeatAnswered(lsn: lsn)
    }

    @Test func nothingGoesToAStandbyBeforeTheFirstHeartbeatIsAnswered() {
        var requirement = ReplayRequirement()
        #expect(!requirement.standbyMayServe([]))
        requirement.heartbeatSent()
        #expect(!requirement.standbyMayServe([]))
        requirement.heartbeatAnswered(lsn: 100)
        #expect(requirement.standbyMayServe([]))
        #expect(requirement.required == 100)
    }

    @Test func aChangedMomentIsReadOnThePrimaryUntilAHeartbeatSentAfterItIsAnswered() {
        var requirement = started()
        requirement.changed(moment: UTF8Key("m1"))
        #expect(!requirement.standbyMayServe(["m1"]))
        #expect(!requirement.standbyMayServe(["m0", "m1"]))
        #expect(requirement.standbyMayServe(["m2"]), "other moments are not held back")
        #expect(requirement.standbyMayServe([]))
        heartbeat(&requirement, answered: 200)
        #expect(requirement.standbyMayServe(["m1"]))
        #expect(requirement.required == 200, "and the standby must have replayed the answer's position")
        #expect(requirement.trackedMoments == 0)
    }

    @Test func aHeartbeatSentBeforeTheChangeDoesNotCoverIt() {
        var requirement = started()
        requirement.heartbeatSent()
        requirement.changed(moment: UTF8Key("m1"))
        // Answered after the change was heard, but it may have run before the commit.
        requirement.heartbeatAnswered(lsn: 150)
        #expect(!requirement.standbyMayServe(["m1"]))
        heartbeat(&requirement, answered: 160)
        #expect(requirement.standbyMayServe(["m1"]))
    }

    @Test func aChangeOfEverythingHoldsEveryReadUntilCovered() {
        var requirement = started()
        requirement.changedEverything()
        #expect(!requirement.standbyMayServe([]))
        #expect(!requirement.standbyMayServe(["m9"]))
        heartbeat(&requirement, answered: 300)
        #expect(requirement.standbyMayServe(["m9"]))
    }

    @Test func anAnswerWithoutASentHeartbeatRaisesThePositionButCoversNothing() {
        var requirement = started()
        requirement.changed(moment: UTF8Key("m1"))
        requirement.heartbeatAnswered(lsn: 400)
        #expect(requirement.required == 400)
        #expect(!requirement.standbyMayServe(["m1"]))
    }

    @Test func thePositionNeverGoesBack() {
        var requirement = started(at: 500)
        heartbeat(&requirement, answered: 450)
        #expect(requirement.required == 500)
    }

    @Test func momentsIdenticalAsUnicodeButNotAsBytesAreTrackedApart() {
        var requirement = started()
        requirement.changed(moment: UTF8Key("caf\u{E9}"))
        #expect(!requirement.standbyMayServe(["caf\u{E9}"]))
        #expect(requirement.standbyMayServe(["cafe\u{301}"]))
    }

    @Test func pastTheTrackedBoundChangesCollapseIntoOneOfEverything() {
        var requirement = started()
        for index in 0..<ReplayRequirement.maxTracked {
            requirement.changed(moment: UTF8Key("m\(index)"))
        }
        #expect(requirement.trackedMoments == ReplayRequirement.maxTracked)
        #expect(requirement.standbyMayServe(["other"]))
        requirement.changed(moment: UTF8Key("one more"))
        #expect(requirement.trackedMoments == 0, "memory stays bounded while the monitor is down")
        #expect(!requirement.standbyMayServe(["other"]))
        heartbeat(&requirement, answered: 600)
        #expect(requirement.standbyMayServe(["m0", "one more", "other"]))
    }
}
