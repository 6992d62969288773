import HTTP1
import Testing

/// The connection's rules without sockets or clocks: events in, actions out.
struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine
    static let configuration = Machine.Configuration(
        headerTimeout: .seconds(10), bodyTimeout: .seconds(30), idleTimeout: .seconds(60),
        writeTimeout: .seconds(20), lingerTimeout: .seconds(2),
        // The data rates have their own suite (DataRateTests).
        minRequestBodyDataRate: 0, minResponseDataRate: 0
    )

    func makeMachine() -> Machine {
        Machine(configuration: Self.configuration)
    }

    /// A machine that has answered one request and waits for the next.
    func makeKeptAliveMachine() -> Machine {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: true)
        _ = machine.responseReady()
        _ = machine.outputDrained(now: .zero)
        return machine
    }

    @Test func firstRequestWaitsUnderTheHeaderTimeout() {
        var machine = makeMachine()
        #expect(machine.opened() == .read(.arm(.header, after: .seconds(10))))
        #expect(machine.wantsReads)
        #expect(machine.timedOut(.header, now: .zero) == .close)  // nothing arrived: close quietly
    }

    @Test func headerTimerIsNotRestartedByLaterBytes() {
        var machine = makeMachine()
        _ = machine.opened()
        #expect(machine.bytesArrived(1, now: .zero) == .read(.arm(.header, after: .seconds(10))))
        #expect(machine.needMoreData() == .read(.keep))
        #expect(machine.bytesArrived(1, now: .zero) == .read(.keep))  // slowloris: one byte at a time gains nothing
        #expect(machine.timedOut(.header, now: .zero) == .respondAndClose(.requestTimeout))
        #expect(!machine.wantsReads)
    }

    @Test func keptAliveConnectionWaitsUnderTheIdleTimeoutAndClosesQuietly() {
        var machine = makeKeptAliveMachine()
        #expect(machine.state == .idle)
        #expect(machine.needMoreData() == .read(.arm(.idle, after: .seconds(60))))
        #expect(machine.timedOut(.idle, now: .zero) == .close)
    }

    @Test func requestIsHandledWithReadsOff() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        #expect(machine.requestReceived(keepAlive: true) == .handle)
        #expect(machine.state == .handling)
        #expect(!machine.wantsReads)
        #expect(!machine.acceptsRequestBytes)
        let keptAlive = machine.responseReady()
        #expect(keptAlive)
        #expect(machine.state == .idle)
        #expect(machine.wantsReads)
    }

    struct KeepAliveCase: Sendable, CustomTestStringConvertible {
        let name: String
        let requestKeepAlive: Bool
        let handlerAllows: Bool
        let stopping: Bool
        let expected: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        KeepAliveCase(name: "both keep", requestKeepAlive: true, handlerAllows: true, stopping: false, expected: true),
        KeepAliveCase(name: "client closes", requestKeepAlive: false, handlerAllows: true, stopping: false, expected: false),
        KeepAliveCase(name: "handler closes", requestKeepAlive: true, handlerAllows: false, stopping: false, expected: false),
        KeepAliveCase(name: "server stopping", requestKeepAlive: true, handlerAllows: true, stopping: true, expected: false),
    ])
    func responseKeepsTheConnectionOnlyWhenEveryoneAgrees(_ example: KeepAliveCase) {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: example.requestKeepAlive)
        if example.stopping { #expect(machine.shutdownRequested() == .none) }
        #expect(machine.responseReady(handlerAllowsKeepAlive: example.handlerAllows) == example.expected)
        #expect(machine.state == (example.expected ? .idle : .closing))
    }

    @Test func closingResponseLingersAfterItDrains() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: false)
        let keptAlive = machine.responseReady()
        #expect(!keptAlive)
        #expect(machine.outputDrained(now: .zero) == .linger(.arm(.linger, after: .seconds(2))))
        #expect(machine.wantsReads)  // drain the client's input until EOF
        #expect(machine.readEOF() == .close)
    }

    @Test func parseErrorAnswersOnceThenCloses() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        #expect(machine.parseFailed(status: .badRequest) == .respondAndClose(.badRequest))
        #expect(!machine.acceptsRequestBytes)
        #expect(machine.parseFailed(status: .badRequest) == .none)
        #expect(machine.outputDrained(now: .zero) == .linger(.arm(.linger, after: .seconds(2))))
        #expect(machine.timedOut(.linger, now: .zero) == .close)
    }

    @Test func expectContinueSendsContinueBeforeTheBody() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        #expect(machine.headReceived(expectsContinue: true, keepAlive: true, bodyBytesRead: 0, now: .zero) == .sendContinue(.arm(.body, after: .seconds(30))))
        #expect(machine.bytesArrived(1, now: .zero) == .read(.arm(.body, after: .seconds(30))))  // restarts per read
        #expect(machine.timedOut(.body, now: .zero) == .respondAndClose(.requestTimeout))
    }

    @Test func blockedOutputStopsReadingUntilDrained() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: true)
        _ = machine.responseReady()
        #expect(machine.outputBlocked(now: .zero) == .awaitDrain(.arm(.write, after: .seconds(20))))
        #expect(!machine.wantsReads)
        #expect(machine.timedOut(.idle, now: .zero) == .none)  // a stale idle timer does not close mid-write
        #expect(machine.outputProgressed(now: .zero) == .awaitDrain(.arm(.write, after: .seconds(20))))
        #expect(machine.outputDrained(now: .zero) == .read(.arm(.idle, after: .seconds(60))))
        #expect(machine.wantsReads)
    }

    @Test func clientThatStopsReadingIsCutOff() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: true)
        _ = machine.responseReady()
        _ = machine.outputBlocked(now: .zero)
        // A reset: the unsent bytes are dropped, not kept for a client that is not reading.
        #expect(machine.timedOut(.write, now: .zero) == .abort)
        #expect(machine.state == .closed)
    }

    @Test func staleTimersAreIgnored() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: true)
        #expect(machine.timedOut(.header, now: .zero) == .none)
        #expect(machine.timedOut(.write, now: .zero) == .none)
    }

    @Test func eofWhileIdleCloses() {
        var machine = makeKeptAliveMachine()
        #expect(machine.readEOF() == .close)
    }

    @Test func eofMidRequestClosesWithoutAnswer() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        #expect(machine.readEOF() == .close)
    }

    @Test func eofWhileHandlingStillSendsTheResponseThenCloses() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: true)
        #expect(machine.readEOF() == .none)
        let keptAlive = machine.responseReady()  // Connection: close
        #expect(!keptAlive)
        #expect(machine.outputDrained(now: .zero) == .close)
    }

    @Test func shutdownClosesIdleConnectionsAtOnce() {
        var machine = makeKeptAliveMachine()
        #expect(machine.shutdownRequested() == .close)
    }

    @Test func shutdownLetsTheRequestInFlightFinish() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.headReceived(expectsContinue: false, keepAlive: true, bodyBytesRead: 0, now: .zero)
        #expect(machine.shutdownRequested() == .none)
        #expect(machine.requestReceived(keepAlive: true) == .handle)
        let keptAlive = machine.responseReady()
        #expect(!keptAlive)
        #expect(machine.outputDrained(now: .zero) == .linger(.arm(.linger, after: .seconds(2))))
    }

    @Test func pipelinedRequestsAreTakenOneAtATime() {
        var machine = makeMachine()
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        #expect(machine.requestReceived(keepAlive: true) == .handle)
        // A second request cannot start before the first is answered.
        #expect(machine.requestReceived(keepAlive: true) == .none)
        let keptAlive = machine.responseReady()
        #expect(keptAlive)
        #expect(machine.bytesArrived(1, now: .zero) == .read(.arm(.header, after: .seconds(10))))
        #expect(machine.requestReceived(keepAlive: true) == .handle)
        let keptAliveAgain = machine.responseReady()
        #expect(keptAliveAgain)
        #expect(machine.responsesQueued == 2)
    }
}
