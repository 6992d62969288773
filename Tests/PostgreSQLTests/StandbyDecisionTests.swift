import PostgreSQL
import Testing

/// The pure pieces of reads from standbys: WAL positions as numbers, and
/// when a standby that failed is tried again (no wall clock: instants are
/// built from one base).
struct StandbyDecisionTests {
    @Test func walPositionsParseAsNumbersThatCompareAndSubtract() {
        #expect(PGLSN.parse("0/3000148") == 0x3000148)
        #expect(PGLSN.parse("16/B374D848") == 0x16_B374_D848)
        #expect(PGLSN.parse("FFFFFFFF/FFFFFFFF") == UInt64.max)
        #expect(PGLSN.parse("1/0")! > PGLSN.parse("0/FFFFFFFF")!, "the high half orders first")
        #expect(PGLSN.parse("0/10")! - PGLSN.parse("0/8")! == 8, "a difference is bytes of WAL")
    }

    @Test(arguments: ["", "/", "0/", "/0", "0/0/0", "123456789/0", "0/123456789", "g/0", "0/ 1", "-1/0", "0x1/0"])
    func anythingElseIsNoPosition(_ text: String) {
        #expect(PGLSN.parse(text) == nil, "\(text)")
    }

    @Test func aFailedStandbyIsLeftAloneForAPauseThatDoublesUpToItsLongest() {
        let start = ContinuousClock.now
        var health = StandbyHealth()
        #expect(health.isUsable(at: start))
        health.failed(at: start)
        #expect(!health.isUsable(at: start.advanced(by: StandbyHealth.firstPause - .milliseconds(1))))
        #expect(health.isUsable(at: start.advanced(by: StandbyHealth.firstPause)))

        var at = start
        var pause = StandbyHealth.firstPause
        for _ in 0..<10 {
            at = at.advanced(by: pause)
            health.failed(at: at)
            pause = min(pause * 2, StandbyHealth.longestPause)
            #expect(!health.isUsable(at: at.advanced(by: pause - .milliseconds(1))))
            #expect(health.isUsable(at: at.advanced(by: pause)))
        }
        #expect(pause == StandbyHealth.longestPause)
        #expect(health.failures == 11)
    }

    @Test func oneSuccessEndsThePauseAndTheNextFailureStartsAgainFromTheFirst() {
        let start = ContinuousClock.now
        var health = StandbyHealth()
        health.failed(at: start)
        health.failed(at: start)
        health.succeeded()
        #expect(health.isUsable(at: start))
        health.failed(at: start)
        #expect(health.isUsable(at: start.advanced(by: StandbyHealth.firstPause)))
    }
}
