import HTTP1
import Testing

/// The minimum data rates (Kestrel's `MinRequestBodyDataRate` and
/// `MinResponseDataRate`) in the connection's state machine, on a clock the
/// test moves by hand: `now` is passed in, in seconds since the connection opened.
struct DataRateTests {
    typealias Machine = ConnectionStateMachine
    /// 100 B/s after 5 s; the stall timeouts are far longer, so the rates decide.
    static let configuration = Machine.Configuration(
        headerTimeout: .seconds(10), bodyTimeout: .seconds(30), idleTimeout: .seconds(60),
        writeTimeout: .seconds(30), lingerTimeout: .seconds(2),
        minRequestBodyDataRate: 100, minResponseDataRate: 100, dataRateGracePeriod: .seconds(5)
    )

    func t(_ seconds: Int) -> Duration { .seconds(seconds) }

    /// A machine whose request head was decoded at `now`, with `bodyBytesRead` body bytes read with it.
    func makeReadingBody(
        _ configuration: Machine.Configuration = Self.configuration, bodyBytesRead: Int = 0, now: Duration = .zero
    ) -> (Machine, Machine.Action) {
        var machine = Machine(configuration: configuration)
        _ = machine.opened()
        _ = machine.bytesArrived(100, now: now)
        let action = machine.headReceived(expectsContinue: false, keepAlive: true, bodyBytesRead: bodyBytesRead, now: now)
        return (machine, action)
    }

    /// A machine that queued a response and waits for the next request.
    func makeAnswered(_ configuration: Machine.Configuration = Self.configuration) -> Machine {
        var machine = Machine(configuration: configuration)
        _ = machine.opened()
        _ = machine.bytesArrived(40, now: .zero)
        _ = machine.requestReceived(keepAlive: true)
        _ = machine.responseReady()
        return machine
    }

    // MARK: Request body

    @Test func bodyIsNotJudgedBeforeTheGracePeriod() {
        let (_, action) = makeReadingBody()
        #expect(action == .read(.arm(.requestBodyDataRate, after: .seconds(5))))
    }

    @Test func tricklingBodyIsCutOffWith408OnceTheGraceIsOver() {
        var (machine, _) = makeReadingBody()
        // One byte a second: each restarts the 30 s gap timer, which alone would never fire.
        for second in 1...4 {
            #expect(machine.bytesArrived(1, now: t(second)) == .read(.arm(.requestBodyDataRate, after: t(5 - second))))
        }
        // 4 bytes in 5 s is 0.8 B/s, far below 100.
        #expect(machine.timedOut(.requestBodyDataRate, now: t(5)) == .respondAndClose(.requestTimeout))
        #expect(!machine.wantsReads)
    }

    @Test func bodyAboveTheRateIsNotCutOff() {
        var (machine, _) = makeReadingBody()
        // 200 B/s: after n seconds, 200·n bytes last until 2·n s at 100 B/s (5 s at least).
        for second in 1...10 {
            let deadline = max(5, 2 * second)
            #expect(machine.bytesArrived(200, now: t(second)) == .read(.arm(.requestBodyDataRate, after: t(deadline - second))))
        }
        // A timer armed before the last bytes fires early: checked again, re-armed.
        #expect(machine.timedOut(.requestBodyDataRate, now: t(12)) == .read(.arm(.requestBodyDataRate, after: t(8))))
        #expect(machine.requestReceived(keepAlive: true) == .handle)
    }

    @Test func theAverageCountsTheBodyBytesThatCameWithTheHead() {
        // 1,000 bytes with the head allow 10 s at 100 B/s; the 30 s gap is later still.
        var (machine, action) = makeReadingBody(bodyBytesRead: 1000)
        #expect(action == .read(.arm(.requestBodyDataRate, after: t(10))))
        #expect(machine.timedOut(.requestBodyDataRate, now: t(10)) == .respondAndClose(.requestTimeout))
    }

    @Test func aStallPastTheBodyTimeoutIsCutOffEvenAboveTheRate() {
        // 10,000 bytes allow 100 s at the rate, but no body byte may be 30 s late.
        var (machine, action) = makeReadingBody(bodyBytesRead: 10_000)
        #expect(action == .read(.arm(.body, after: t(30))))
        #expect(machine.timedOut(.body, now: t(30)) == .respondAndClose(.requestTimeout))
    }

    @Test func timeBlockedOnOutputDoesNotCountAgainstTheBody() {
        var (machine, _) = makeReadingBody()
        // Our output (a 100 Continue, say) blocked: we stop reading, so the client cannot be sending.
        machine.outputQueued(25, now: t(1))
        #expect(machine.outputBlocked(now: t(1)) == .awaitDrain(.arm(.responseDataRate, after: t(5))))
        #expect(machine.timedOut(.requestBodyDataRate, now: t(5)) == .none)
        // Resumed at 9 s with 1 s of waiting behind it: 4 s of grace remain.
        #expect(machine.outputDrained(now: t(9)) == .read(.arm(.requestBodyDataRate, after: t(4))))
        #expect(machine.timedOut(.requestBodyDataRate, now: t(13)) == .respondAndClose(.requestTimeout))
    }

    @Test func bodyOfAPipelinedRequestBehindBlockedOutputWaitsUntimed() {
        var machine = makeAnswered()
        machine.outputQueued(1000, now: t(0))
        #expect(machine.outputBlocked(now: t(0)) == .awaitDrain(.arm(.responseDataRate, after: t(10))))
        _ = machine.bytesArrived(100, now: t(0))
        // The output's timer stays; the body's starts once output drains.
        #expect(machine.headReceived(expectsContinue: false, keepAlive: true, bodyBytesRead: 0, now: t(1)) == .read(.keep))
        #expect(machine.outputDrained(now: t(20)) == .read(.arm(.requestBodyDataRate, after: t(5))))
    }

    @Test func zeroTurnsTheBodyRateOff() {
        var configuration = Self.configuration
        configuration.minRequestBodyDataRate = 0
        var (machine, action) = makeReadingBody(configuration)
        #expect(action == .read(.arm(.body, after: t(30))))
        #expect(machine.bytesArrived(1, now: t(20)) == .read(.arm(.body, after: t(30))))
    }

    // MARK: Response

    @Test func aSmallResponseGetsTheGracePeriod() {
        var machine = makeAnswered()
        machine.outputQueued(50, now: t(0))
        #expect(machine.outputBlocked(now: t(0)) == .awaitDrain(.arm(.responseDataRate, after: t(5))))
        // Reset, not closed: the bytes left are dropped, not kept for the client.
        #expect(machine.timedOut(.responseDataRate, now: t(5)) == .abort)
        #expect(machine.state == .closed)
    }

    @Test func aLargeResponseGetsItsSizeAtTheRate() {
        var machine = makeAnswered()
        machine.outputQueued(1000, now: t(0))
        #expect(machine.outputBlocked(now: t(1)) == .awaitDrain(.arm(.responseDataRate, after: t(9))))
        // Progress restarts the stall timer, not the rate's budget.
        #expect(machine.outputProgressed(now: t(3)) == .awaitDrain(.arm(.responseDataRate, after: t(7))))
        #expect(machine.timedOut(.responseDataRate, now: t(10)) == .abort)
    }

    @Test func outputQueuedLaterExtendsTheDeadline() {
        var machine = makeAnswered()
        machine.outputQueued(1000, now: t(0))
        _ = machine.outputBlocked(now: t(1))
        // 500 more bytes add 5 s to the 10 s of the first 1,000.
        machine.outputQueued(500, now: t(2))
        #expect(machine.timedOut(.responseDataRate, now: t(10)) == .awaitDrain(.arm(.responseDataRate, after: t(5))))
        #expect(machine.timedOut(.responseDataRate, now: t(15)) == .abort)
    }

    @Test func aResponseDrainedQuicklyEarnsNoPenaltyLater() {
        var machine = makeAnswered()
        machine.outputQueued(1000, now: t(0))
        _ = machine.outputDrained(now: t(0))
        _ = machine.bytesArrived(40, now: t(100))
        _ = machine.requestReceived(keepAlive: true)
        _ = machine.responseReady()
        // Measured from its own queueing, not from the old budget (which ended at 10 s).
        machine.outputQueued(1000, now: t(100))
        #expect(machine.outputBlocked(now: t(100)) == .awaitDrain(.arm(.responseDataRate, after: t(10))))
    }

    @Test func aStalledWriteIsCutOffEvenWithinTheRateBudget() {
        var machine = makeAnswered()
        // 100,000 bytes allow 1,000 s at the rate, but no write may stall 30 s.
        machine.outputQueued(100_000, now: t(0))
        #expect(machine.outputBlocked(now: t(0)) == .awaitDrain(.arm(.write, after: t(30))))
        #expect(machine.timedOut(.write, now: t(30)) == .abort)
    }

    @Test func theResponseRateIsOnlyEnforcedWhileAWriteIsBlocked() {
        var machine = makeAnswered()
        machine.outputQueued(50, now: t(0))
        #expect(machine.timedOut(.responseDataRate, now: t(60)) == .none)
        #expect(machine.state == .idle)
    }

    @Test func zeroTurnsTheResponseRateOff() {
        var configuration = Self.configuration
        configuration.minResponseDataRate = 0
        var machine = makeAnswered(configuration)
        machine.outputQueued(50, now: t(0))
        #expect(machine.outputBlocked(now: t(0)) == .awaitDrain(.arm(.write, after: t(30))))
    }
}
