import Dispatch
import HTTP1

/// A streamed response on its connection: what the access log needs at its
/// end (the record, begun when the stream started), not the request itself,
/// whose body would otherwise live as long as the stream.
struct ActiveStream {
    let stream: any HTTPBodyStream
    var record: AccessLogEntry
    let started: UInt64
    /// Chunks with HTTP/1.1; the bytes as they are with HTTP/1.0.
    let chunked: Bool
    var bytes = 0
}

/// Streamed responses (`HTTPBodyStream`): the head is queued like any
/// response, then pieces are pulled whenever output has drained, so at most
/// one piece waits in `output` and a slow client costs the stream's own
/// bounded backlog. A blocked write is bounded as any other (write timeout,
/// `minResponseDataRate`): a client that stops reading is cut.
extension Connection {
    func startStream(
        _ stream: any HTTPBodyStream, for request: HTTPRequest, status: Int, detail: String?, started: UInt64, trace: RequestTrace?
    ) {
        streaming = ActiveStream(
            stream: stream, record: AccessLogEntry(request, status: status, started: started, detail: detail, trace: trace), started: started,
            chunked: request.version != .http1_0)
        // A stalled client holds this much kernel memory at most; failing, the kernel's own sizing stays.
        do throws(SocketError) { try Socket.setSendBuffer(fd, bytes: context.limits.streamSendBufferBytes) } catch { log(error) }
        let poller = poller
        stream.attach { [weak self] in
            poller.submit { [weak self] in self?.streamWoke() }
        }
        pullStream()
    }

    /// The stream has something new: pull it, if output drained.
    private func streamWoke() {
        guard !isClosed, streaming != nil else { return }
        beginEvent()
        finishEvent()
    }

    /// Pulls pieces while output is drained; a few per event at most, so one
    /// busy stream cannot starve the other connections.
    func pullStream() {
        for _ in 0..<8 {
            guard let active = streaming, !isClosed, outputSent == output.count else { return }
            let piece = active.stream.next()
            let queuedBefore = output.count
            switch piece {
            case .none:
                return
            case let .bytes(bytes):
                ResponseSerializer.appendChunk(bytes, chunked: active.chunked, into: &output)
                streaming?.bytes += bytes.count
            case let .end(bytes):
                ResponseSerializer.appendChunk(bytes, chunked: active.chunked, into: &output)
                if active.chunked { output.append(contentsOf: ResponseSerializer.lastChunk) }
                streaming?.bytes += bytes.count
                endStream(completed: true)
            }
            machine.outputQueued(output.count &- queuedBefore, now: now)
            flush()
        }
        // More may be ready: come back on a later turn of the poller.
        if streaming != nil, !isClosed { poller.submit { [weak self] in self?.streamWoke() } }
    }


    /// Logs the stream (its whole duration, bytes, the stream's note) and lets it go.
    func endStream(completed: Bool) {
        guard let active = streaming else { return }
        streaming = nil
        // As after any response: idle, or (HTTP/1.0, stopping) closing once the end is written.
        if completed { perform(machine.streamEnded()) }
        active.stream.closed()
        if let accessLog = context.accessLog {
            var record = active.record
            var detail = [record.detail, active.stream.accessLogDetail].compactMap { $0 }.joined(separator: " ")
            if !completed { detail += " cut" }
            record.detail = detail
            record.bytes = active.bytes
            record.duration = .nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- active.started))
            accessLog(record)
        }
    }
}
