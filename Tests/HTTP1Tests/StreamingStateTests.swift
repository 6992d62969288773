import HTTP1
import Testing

/// A streamed response (`HTTPBodyStream`) in the connection's rules: no reads
/// and no idle timer while it streams; blocked output still bounded; after
/// its end, the connection goes on as after any response.
struct StreamingStateTests {
    typealias Machine = ConnectionStateMachine

    func streamingMachine(keepAlive: Bool = true) -> Machine {
        var machine = Machine(configuration: ConnectionStateMachineTests.configuration)
        _ = machine.opened()
        _ = machine.bytesArrived(1, now: .zero)
        _ = machine.requestReceived(keepAlive: keepAlive)
        _ = machine.responseReady(streaming: true)
        return machine
    }

    @Test func aStreamReadsNothingAndNoIdleTimerEndsIt() {
        var machine = streamingMachine()
        #expect(machine.state == .streaming)
        #expect(!machine.wantsReads && !machine.acceptsRequestBytes)
        #expect(machine.outputDrained(now: .zero) == .none, "a drained stream waits for its next piece")
        #expect(machine.timedOut(.idle, now: .seconds(3600)) == .none)
        #expect(machine.state == .streaming)
    }

    @Test func aStalledStreamIsStillCutByTheWriteTimeout() {
        var machine = streamingMachine()
        #expect(machine.outputBlocked(now: .zero) == .awaitDrain(.arm(.write, after: .seconds(20))))
        #expect(machine.timedOut(.write, now: .seconds(20)) == .abort)
    }

    @Test func afterItsEndTheConnectionIsKeptOrClosedAsAfterAnyResponse() {
        var kept = streamingMachine()
        #expect(kept.streamEnded() == .awaitDrain(.keep), "the end's bytes drain first")
        #expect(kept.state == .idle)
        #expect(kept.outputDrained(now: .zero) == .read(.arm(.idle, after: .seconds(60))))
        #expect(kept.streamEnded() == .none, "a stream ends once")

        var closing = streamingMachine(keepAlive: false)
        #expect(closing.streamEnded() == .awaitDrain(.keep))
        #expect(closing.state == .closing)

        var stopping = streamingMachine()
        _ = stopping.shutdownRequested()
        _ = stopping.streamEnded()
        #expect(stopping.state == .closing, "a server stopping closes after the stream's end")
    }

    @Test func aStreamsClientThatHangsUpClosesTheConnection() {
        var machine = streamingMachine()
        #expect(machine.streamClientLeft() == .close)
        #expect(machine.state == .closed)
        var idle = Machine(configuration: ConnectionStateMachineTests.configuration)
        _ = idle.opened()
        #expect(idle.streamClientLeft() == .none, "only a streaming connection reads a hang-up so")
    }
}
