/// The machine's vocabulary: its states, the actions it asks for, and the timers it arms.
extension ConnectionStateMachine {
    package enum Timeout: Sendable, Equatable {
        case header, body, idle, write, linger
        /// The request body's average rate fell below `minRequestBodyDataRate`.
        case requestBodyDataRate
        /// Blocked output fell behind `minResponseDataRate`.
        case responseDataRate
    }

    package enum TimerCommand: Sendable, Equatable {
        /// Leave the running timer as it is.
        case keep
        /// (Re)start the one connection timer: it fires `timedOut(kind)` after `after`.
        case arm(Timeout, after: Duration)
        case cancel
    }

    package enum State: Sendable, Equatable {
        /// Waiting for the first byte of the next request.
        case idle
        /// Part of a request head arrived; the header timer runs.
        case readingHead
        /// The head is decoded; waiting for the body; the body timer runs.
        case readingBody
        /// A complete request is with the handler; no timer, no reads.
        case handling
        /// A streamed response is being written (`HTTPBodyStream`): no idle
        /// timer (a quiet stream waits for events), no reads; blocked output
        /// is still bounded by the write timeout and `minResponseDataRate`.
        case streaming
        /// The last response is queued; once it drains the connection lingers.
        case closing
        /// Our side is shut down; input is read and dropped until EOF or the linger timer.
        case lingering
        case closed
    }

    package enum Action: Sendable, Equatable {
        /// Keep reading input, applying the timer command.
        case read(TimerCommand)
        /// Queue the interim `100 Continue`, then read the body.
        case sendContinue(TimerCommand)
        /// Hand the complete request to the handler, then report `responseReady`.
        case handle
        /// Queue a final response with this status and `Connection: close`;
        /// report `outputDrained` once it is written.
        case respondAndClose(HTTPStatus)
        /// Wait for queued output to drain, applying the timer command.
        case awaitDrain(TimerCommand)
        /// Shut down our sending side and drop input until EOF or the timer.
        case linger(TimerCommand)
        /// Close the socket now.
        case close
        /// Close the socket now and discard unsent output (a reset): the client
        /// stopped reading, so the kernel should not keep our bytes for it.
        case abort
        case none
    }
}
