#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import HTTP1
import Tracing

extension Connection {
    /// Answers a complete request where its handler says it runs: inline, or
    /// on a pool off the I/O thread, whose answer comes back through the poller;
    /// meanwhile the machine stays in `.handling` (no reads, no further
    /// requests). A full pool is answered `503` at once, keeping the connection.
    func respond(to incoming: HTTPRequest) {
        var addressed = incoming
        addressed.remoteAddress = peerHost
        addressed.requestID = context.requestIDs.id(for: incoming.headers)
        addressed.arrivedAt = eventTime
        let request = addressed
        // The request was completed by the bytes of this event.
        let started = eventTime
        let handler = context.handler
        let trace = context.tracing?.start(request)
        if let response = handler.cachedResponse(to: request) {
            queueResponse(response, to: request, started: started, trace: trace)
            return
        }
        let pool: HandlerPool
        var ahead = false
        switch handler.execution(for: request) {
        case .inline:
            queueResponse(handler.handle(request), to: request, started: started, trace: trace)
            return
        case .pooled:
            pool = context.handlerPool
        case .pooledAhead:
            pool = context.handlerPool
            ahead = true
        case .dedicated:
            pool = context.dedicatedPool
        }
        let admitted = pool.submit(ahead: ahead) { [self] in
            // The layers' spans are the request span's children: its context is theirs while the handler runs.
            let response = trace.map { trace in InstrumentationContext.$current.withValue(trace.context) { handler.handle(request) } }
                ?? handler.handle(request)
            // A stopped poller never runs the job: the stream's slot is released here instead.
            if !poller.submit({ [self] in handlerAnswered(request, response, started: started, trace: trace) }) {
                response.stream?.closed()
                trace?.abandon()
            }
        }
        if !admitted {
            let full = pool === context.handlerPool
            queueResponse(
                Self.busy, to: request, started: started, trace: trace,
                refusedBy: full ? "maxQueuedHandlers" : "maxDedicatedHandlers")
        }
    }

    /// The answer when a pool (and its queue) is full (RFC 9110 §15.6.4: the
    /// condition is temporary; `Retry-After` says when to try again). Built once.
    static let busy = HTTPResponse(
        status: .serviceUnavailable, headers: ["Retry-After": "1", "Content-Type": "text/plain; charset=utf-8"],
        body: Array("503 Service Unavailable\n".utf8)
    )

    /// Back on the I/O thread with a handler's response: queue it, answer the
    /// pipelined requests waiting in `carry`, and resume reading.
    private func handlerAnswered(_ request: HTTPRequest, _ response: HTTPResponse, started: UInt64, trace: RequestTrace?) {
        // The client left while the handler ran (a reset after a pipelined
        // request, a timeout): nothing will pull the stream, so it ends here
        // and releases its slot.
        guard !isClosed else {
            response.stream?.closed()
            trace?.abandon()
            return
        }
        beginEvent()
        queueResponse(response, to: request, started: started, trace: trace)
        finishEvent()
    }

    /// Serializes the handler's response into `output`; large or blocked output
    /// is flushed at once so pipelined answers never pile up unbounded.
    /// `trace`, the request's span (`ServerTracing`), ends here: a stream's when its head is queued.
    private func queueResponse(
        _ response: HTTPResponse, to request: HTTPRequest, started: UInt64, trace: RequestTrace?, refusedBy: String? = nil
    ) {
        // "Connection: close" from the handler is honoured like the client's (RFC 9112 §9.6).
        let handlerCloses = response.headers.lowercasedListElements("Connection").contains("close")
        if context.isStopping, !machine.stopping { _ = machine.shutdownRequested() }
        var response = response
        let stream = response.stream
        let streams = stream != nil && request.method != .head && response.status.code >= 200
            && response.status.code != 204 && response.status.code != 304
        if !streams {
            stream?.closed()
            response.stream = nil
        }
        // An HTTP/1.0 client's stream has no chunks: only the close can end it.
        let keepAlive = machine.responseReady(
            handlerAllowsKeepAlive: !handlerCloses && !(streams && request.version == .http1_0), streaming: streams)
        let queuedBefore = output.count
        ResponseSerializer.serialize(
            response, requestMethod: request.method, version: request.version, keepAlive: keepAlive,
            date: poller.dates.current(), requestID: request.requestID, into: &output
        )
        machine.outputQueued(output.count &- queuedBefore, now: now)
        if let trace { ServerTracing.end(trace, status: response.status.code, bytes: response.body.count) }
        if streams, let stream {
            // Logged at its end, with its duration and bytes.
            startStream(
                stream, for: request, status: response.status.code, detail: response.accessLogDetail, started: started, trace: trace)
            return
        }
        if let accessLog = context.accessLog {
            accessLog(AccessLogEntry(
                request, status: response.status.code, bytes: response.body.count, started: started,
                detail: response.accessLogDetail, refusedBy: refusedBy, cached: response.isFromCache, trace: trace))
        }
        if output.count - outputSent >= context.limits.maxPendingOutputBytes { flush() }
    }

    /// The one answer to a refused request or a timed-out one: its status, `Connection: close`.
    /// The access log names the request if its head was decoded, and `detail` what refused it.
    func queueErrorResponse(_ status: HTTPStatus, detail: String?) {
        queueErrorResponse(
            HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"],
                         body: Array("\(status.code) \(status.reasonPhrase)\n".utf8)),
            detail: detail)
    }

    /// As above, with the response the refusal chose (`HTTPAdmission`).
    func queueErrorResponse(_ response: HTTPResponse, detail: String?) {
        let status = response.status
        let head = decoder.headInProgress
        // The client's id when its head was decoded (a body too large, a body timeout), else a new one.
        let requestID = head.map { context.requestIDs.id(for: $0.headers) } ?? context.requestIDs.next()
        let queuedBefore = output.count
        ResponseSerializer.serialize(
            response, requestMethod: .get, version: .http1_1, keepAlive: false,
            date: poller.dates.current(), requestID: requestID, into: &output
        )
        machine.outputQueued(output.count &- queuedBefore, now: now)
        if let accessLog = context.accessLog {
            accessLog(.refusal(
                head: head, status: status, bytes: response.body.count, refusedBy: detail, requestID: requestID,
                remoteAddress: peerHost))
        }
    }

    /// Writes queued output without blocking; on EAGAIN, asks the poller for writability and stops reading.
    func flush() {
        guard !isClosed, outputSent < output.count else { return }
        let blockedBefore = watchingOutput
        var wrote = false
        while outputSent < output.count {
            let result = output.withUnsafeBytes { Socket.write(fd, UnsafeRawBufferPointer(rebasing: $0[outputSent...])) }
            switch result {
            case let .bytes(count):
                outputSent += count
                wrote = true
                poller.traffic.bytesSent.add(count, ordering: .relaxed)
            case .wouldBlock:
                if !blockedBefore {
                    perform(machine.outputBlocked(now: now))
                } else if wrote {
                    perform(machine.outputProgressed(now: now))
                }
                waitForWritable()
                return
            case let .failed(error):
                // The peer is gone (EPIPE, ECONNRESET): nothing more to say to it.
                if error != .failed(call: "send", errno: EPIPE), error != .failed(call: "send", errno: ECONNRESET) { log(error) }
                closeNow()
                return
            case .endOfFile:
                closeNow()
                return
            }
        }
        // Drop the buffer: an idle connection holds no output memory.
        output = []
        outputSent = 0
        if blockedBefore { watchOutput(false) }
        perform(machine.outputDrained(now: now))
    }

    private func waitForWritable() {
        if !watchingOutput { watchOutput(true) }
    }

    private func watchOutput(_ watch: Bool) {
        watchingOutput = watch
        do throws(SocketError) { try poller.watchOutput(self, watch) } catch {
            log(error)
            closeNow()
        }
    }

    func writable() {
        guard !isClosed else { return }
        beginEvent()
        finishEvent()
    }

    /// Requests held back (by back-pressure, or behind a request at the
    /// handler) are answered once output drained. `carry` is non-empty only
    /// then: the decoder consumes every byte when it needs more.
    func answerCarried() {
        for _ in 0..<64 where canAnswerCarried {
            let before = carry.count
            consumeCarry()
            flush()
            if carry.count == before { return }
        }
        // More held-back answers than one event may write (fairness to other
        // connections): continue on a later turn of the poller, which reads
        // (finding nothing new, or more input) and ends here again.
        if canAnswerCarried { poller.retry(self) }
    }

    private var canAnswerCarried: Bool {
        !isClosed && outputSent == output.count && !carry.isEmpty && machine.acceptsRequestBytes
    }
}
