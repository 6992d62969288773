#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import HTTP1

/// One accepted socket. It owns the input carry-over, the decoder and the
/// state machine, and only carries out the machine's actions: read, write,
/// pause or resume reading, arm the timer, close.
///
/// Threading: every member is confined to `poller.queue` (the
/// server's I/O thread). Readiness is handled in place: read, decode,
/// serialization and the non-blocking write run in the poller's batch, with
/// no thread hop, and pipelined responses go out in one write. The handler
/// runs on that thread only when it says the request runs inline
/// (`HTTPHandler.execution(for:)`); any other request goes to one of
/// `ConnectionContext`'s bounded pools, and its response comes back through
/// `Poller.submit`. So a slow handler holds up only its own connection, never
/// the I/O of the others.
///
/// Memory while idle: no buffers. Reads go to a stack buffer; only the bytes
/// of an incomplete request are copied to `carry`, and output is released
/// once written.
final class Connection: @unchecked Sendable {
    let fd: Int32
    let context: ConnectionContext
    var machine: ConnectionStateMachine
    var decoder: HTTPRequestDecoder
    let poller: Poller
    /// Whether input is being taken; changed only in `updateReading()`. While
    /// paused, readiness is ignored and the bytes wait in the kernel, which
    /// pushes back on the client (TCP flow control).
    var readsPaused = false
    /// Whether the poller reports writability (only while output waits).
    var watchingOutput = false
    /// The poller saw the peer's FIN or reset: read to the end even after a short read.
    var peerHungUp = false
    let timer: any DispatchSourceTimer
    /// When the current event began (uptime ns): one clock read per event serves
    /// the machine's `now`, the timer deadlines and the access log.
    var eventTime: UInt64 = 0
    /// The timer the machine last asked for, and its deadline (uptime ns).
    var timerKind: ConnectionStateMachine.Timeout?
    var deadline: UInt64 = 0
    /// When the dispatch timer will next fire; it is moved only when a deadline comes earlier.
    var timerFiresAt: UInt64 = .max
    /// Input the decoder has not consumed yet (an incomplete request, or requests held back by back-pressure).
    var carry: [UInt8] = []
    /// Serialized output; bytes before `outputSent` are written.
    var output: [UInt8] = []
    var outputSent = 0
    var isClosed = false
    /// The streamed response being written, if any (`Connection+Stream.swift`).
    var streaming: ActiveStream?
    /// The client's IP address, looked up on the first request only
    /// (`getpeername`); handlers see it as `HTTPRequest.remoteAddress`.
    lazy var peerHost: String? = try? SocketAddress.peer(of: fd).host

    init(fd: Int32, context: ConnectionContext, poller: Poller) {
        self.fd = fd
        self.context = context
        self.poller = poller
        machine = context.newMachine
        decoder = HTTPRequestDecoder(limits: context.limits)
        timer = DispatchSource.makeTimerSource(queue: poller.queue)
    }

    /// Starts reading; call once, after the connection is registered, from any thread.
    func start() {
        timer.setEventHandler { [unowned self] in timerFired() }
        poller.submit { [self] in
            timer.schedule(deadline: .distantFuture)
            timer.activate()
            beginEvent()
            perform(machine.opened())
            commitTimer()
            do throws(SocketError) { try poller.add(self) } catch {
                log(error)
                closeNow()
            }
        }
    }

    /// Called by the poller (on its queue) when the socket became readable or writable.
    func ready(readable: Bool, writable: Bool, hangUp: Bool) {
        if hangUp { peerHungUp = true }
        // A stream's client that left: nobody reads what it would send (reads are off while streaming).
        if hangUp, streaming != nil, !isClosed { return perform(machine.streamClientLeft()) }
        if writable, watchingOutput { self.writable() }
        if readable { self.readable() }
    }

    // MARK: Reading

    /// Reads until the socket is drained: readiness comes as edges, so input
    /// left behind would not be announced again. A short read drains the
    /// socket (any later byte, FIN or reset raises a new edge), unless the
    /// edge already carried a hang-up, whose EOF or error then still waits
    /// behind the data (nginx's EPOLLRDHUP rule).
    func readable() {
        guard !isClosed, !readsPaused else { return }
        beginEvent()
        let size = context.limits.readBufferSize
        let drained = withUnsafeTemporaryAllocation(byteCount: size, alignment: 16) { buffer -> Bool in
            // A few reads per event at most, so one busy client cannot starve the others.
            for _ in 0..<4 where !isClosed && machine.wantsReads {
                switch Socket.read(fd, into: buffer) {
                case let .bytes(count):
                    poller.traffic.bytesReceived.add(count, ordering: .relaxed)
                    if machine.state != .lingering {
                        consume(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    }
                    if count < size, !peerHungUp { return true }
                case .wouldBlock:
                    return true
                case .endOfFile:
                    perform(machine.readEOF())
                    return true
                case let .failed(error):
                    if error != .failed(call: "read", errno: ECONNRESET) { log(error) }
                    closeNow()
                    return true
                }
            }
            return !machine.wantsReads
        }
        finishEvent()
        // Input may remain that no new edge will announce: come back for it.
        if !drained, !isClosed { poller.retry(self) }
    }

    /// Decodes new bytes, keeping what the decoder leaves in `carry`.
    private func consume(_ bytes: UnsafeRawBufferPointer) {
        perform(machine.bytesArrived(bytes.count, now: now))
        if carry.isEmpty {
            let used = decodeRequests(bytes)
            if used < bytes.count, !isClosed { carry.append(contentsOf: bytes[used...]) }
        } else {
            carry.append(contentsOf: bytes)
            consumeCarry()
        }
    }

    /// Decodes what `carry` holds (after new bytes, or once output drained).
    func consumeCarry() {
        let used = carry.withUnsafeBytes { decodeRequests($0) }
        if isClosed || used >= carry.count {
            carry = []
        } else if used > 0 {
            carry.removeFirst(used)
        }
    }

    /// Runs the decoder over `bytes` until it needs more, a request is
    /// refused, or back-pressure stops it; returns the bytes consumed.
    private func decodeRequests(_ bytes: UnsafeRawBufferPointer) -> Int {
        var offset = 0
        // Bounded: every round consumes bytes or yields one of at most two events per request.
        for _ in 0...(2 * bytes.count + 4) {
            guard machine.acceptsRequestBytes, output.count - outputSent < context.limits.maxPendingOutputBytes else {
                return offset
            }
            let step: (event: HTTPRequestDecoder.Event, consumed: Int)
            do {
                step = try decoder.decode(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            } catch {
                perform(machine.parseFailed(status: error.status), detail: String(describing: error))
                return bytes.count  // never guess at what follows a framing error
            }
            offset += step.consumed
            switch step.event {
            case .needMoreData:
                perform(machine.needMoreData())
                return offset
            case let .head(head):
                if let refusal = context.admission?.refusal(of: head, peer: peerHost) {
                    if case .respondAndClose = machine.headRefused(status: refusal.status) {
                        queueErrorResponse(refusal, detail: "admission")
                    }
                    return bytes.count  // the refused request's body is never read
                }
                perform(machine.headReceived(
                    expectsContinue: head.expectsContinue, keepAlive: head.keepAlive,
                    bodyBytesRead: bytes.count &- offset, now: now
                ))
            case let .request(request):
                guard machine.requestReceived(keepAlive: request.wantsKeepAlive) == .handle else { return offset }
                respond(to: request)
                if offset < bytes.count { perform(machine.bytesArrived(bytes.count &- offset, now: now)) }
            }
        }
        return offset
    }

    // MARK: Actions

    /// `detail` says, for the access log, what refused a request (see `AccessLogEntry.refusedBy`).
    func perform(_ action: ConnectionStateMachine.Action, detail: String? = nil) {
        switch action {
        case let .read(timer), let .awaitDrain(timer):
            apply(timer)
        case let .sendContinue(timer):
            output.append(contentsOf: ResponseSerializer.continueResponse)
            machine.outputQueued(ResponseSerializer.continueResponse.count, now: now)
            apply(timer)
        case let .respondAndClose(status):
            queueErrorResponse(status, detail: detail)
        case let .linger(timer):
            // Half-close so the client sees the end of our response, then drain its
            // input: closing with unread input would reset the connection and could
            // destroy the response before the client reads it.
            carry = []
            do throws(SocketError) { try Socket.shutdownWrite(fd) } catch { closeNow(); return }
            apply(timer)
        case .close:
            closeNow()
        case .abort:
            // SO_LINGER 0: close resets the connection and the kernel drops the
            // unsent bytes at once, rather than keep them for a client that stopped reading.
            do throws(SocketError) { try Socket.discardUnsentOnClose(fd) } catch { log(error) }
            closeNow()
        case .handle, .none:
            break
        }
    }

    /// Reads are on exactly when the machine wants them: the one place that
    /// pauses or resumes input.
    func updateReading() {
        guard !isClosed else { return }
        let wanted = machine.wantsReads
        if wanted, readsPaused {
            readsPaused = false
            // Bytes that arrived while paused raise no new edge: look now.
            poller.retry(self)
        } else if !wanted, !readsPaused {
            readsPaused = true
        }
    }

    /// Every event ends here: send what is queued, answer the requests it held
    /// back, then apply timer and read interest.
    ///
    /// Held-back requests are answered here, after the event's last write,
    /// because output can drain on any write (the client reads concurrently):
    /// requests in `carry` were already read from the kernel, so no edge
    /// would ever announce them again, and the connection would stall until
    /// its idle timer.
    func finishEvent() {
        pullStream()
        flush()
        answerCarried()
        guard !isClosed else { return }
        commitTimer()
        updateReading()
    }

    /// Reads the clock for this event (see `eventTime`).
    func beginEvent() {
        eventTime = DispatchTime.now().uptimeNanoseconds
    }

    /// `eventTime` as the machine takes it.
    var now: Duration { .nanoseconds(Int64(clamping: eventTime)) }

    // MARK: Closing

    /// The server is stopping: close if idle, else end after the current response.
    func shutdown() {
        guard !isClosed else { return }
        beginEvent()
        perform(machine.shutdownRequested())
        // A stream ends with its protocol's own end, soon pulled.
        streaming?.stream.finish()
        finishEvent()
    }

    func closeNow() {
        guard !isClosed else { return }
        isClosed = true
        machine.closed()
        if streaming != nil { endStream(completed: false) }
        carry = []
        output = []
        timer.cancel()
        do throws(SocketError) { try poller.remove(fd) } catch { log(error) }
        do throws(SocketError) { try Socket.close(fd) } catch { log(error) }
        // The registry's reference goes after the current batch of events,
        // which may still name this connection (submitted jobs run at a later wake).
        let id = ObjectIdentifier(self)
        let closed = context.connectionClosed
        poller.submit { closed(id) }
    }

    func log(_ error: SocketError) {
        context.logger?("connection fd \(fd): \(error)")
    }
}
