import Dispatch
import Glibc
import Locking
import Synchronization

/// Writes log lines to standard error from one thread of its own, so no
/// thread that logs ever waits for standard error.
///
/// Producers append a finished line to a bounded buffer under a short mutex
/// and return; the writer thread takes everything queued and writes it with
/// one `write(2)` (a loop only for partial writes). Wake-ups are what costs
/// (a context switch each, on a 2-core machine 20 % of the server's CPU at
/// one wake per access line), so after a write the writer paces itself: it
/// sleeps `paceMilliseconds` and takes what came meanwhile, and a producer wakes it early
/// only past `wakeThreshold` queued bytes. Only an idle writer (nothing came
/// during a whole pace) is woken by the next line at once. So a busy server
/// pays about a hundred wake-ups a second, an idle one none, and a line waits
/// at most `paceMilliseconds` to be written.
///
/// When standard error stops draining (a stuck log collector, a full pipe),
/// the buffer fills and further lines are dropped and counted; when a write
/// completes again the writer adds
/// `dropped N log lines while standard error was blocked`.
final class LogWriter: Sendable {
    /// The default bound on queued bytes.
    static let defaultCapacity = 1 << 20
    /// How long `finish` waits for queued lines to be written.
    static let finishTimeout: Duration = .seconds(2)

    /// How long, in milliseconds, a writer that just wrote waits for more
    /// before writing again.
    static let paceMilliseconds = 10

    private struct State {
        var pending: [UInt8] = []
        var dropped = 0
        /// Asleep until the next line (idle) ...
        var writerIdle = false
        /// ... or pacing: asleep until `pace` passes or `wakeThreshold` bytes wait.
        var writerPacing = false
        var finishing = false
    }

    /// Queued bytes past which lines are dropped.
    let capacity: Int
    /// Queued bytes that wake a pacing writer early: a quarter of the capacity.
    let wakeThreshold: Int
    private let label: String
    private let format: LogFormat
    private let descriptor: Int32
    private let state: Locked<State>
    /// Lines dropped since start (the metrics' `moments_log_lines_dropped_total`).
    private let droppedTotal = Atomic<Int>(0)
    private let wakeUp = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)

    /// Starts the writer thread.
    /// - Parameters:
    ///   - capacity: bytes that may wait to be written; past it lines are dropped.
    ///   - label: the logger label on the writer's own line (the dropped count).
    ///   - descriptor: where lines go; standard error unless a test says otherwise.
    ///   - format: how the writer's own line (the dropped count) is written.
    init(capacity: Int = LogWriter.defaultCapacity, label: String, format: LogFormat = .text, descriptor: Int32 = STDERR_FILENO) {
        self.capacity = capacity
        self.wakeThreshold = max(1, capacity / 4)
        self.label = label
        self.format = format
        self.descriptor = descriptor
        var initial = State()
        initial.pending.reserveCapacity(capacity)
        state = Locked(initial)
        // A closed pipe must not kill the process from the writer thread.
        signal(SIGPIPE, SIG_IGN)
        // A serial queue of its own runs on a thread of its own (the overcommit
        // pool), which this loop keeps for the process's life.
        DispatchQueue(label: "moments-bff.log-writer").async { [self] in run() }
    }

    /// Queues `line` (a whole line with its newline), or drops and counts it
    /// when the buffer is full. Never blocks on I/O.
    func append(_ line: [UInt8]) {
        var dropped = false
        let wake = state.withLock { state -> Bool in
            if state.pending.count + line.count <= capacity {
                state.pending.append(contentsOf: line)
            } else {
                state.dropped += 1
                dropped = true
            }
            if state.writerIdle || (state.writerPacing && state.pending.count >= wakeThreshold) {
                state.writerIdle = false
                state.writerPacing = false
                return true
            }
            return false
        }
        if dropped { droppedTotal.add(1, ordering: .relaxed) }
        if wake { wakeUp.signal() }
    }

    /// Lines dropped since start because the buffer was full.
    var droppedLines: Int { droppedTotal.load(ordering: .relaxed) }

    /// Waits, at most `timeout`, until everything queued so far is written;
    /// lines appended afterwards may be lost. For shutdown: call it once, last.
    func finish(timeout: Duration = LogWriter.finishTimeout) {
        let wake = state.withLock { state -> Bool in
            state.finishing = true
            guard state.writerIdle || state.writerPacing else { return false }
            state.writerIdle = false
            state.writerPacing = false
            return true
        }
        if wake { wakeUp.signal() }
        let nanoseconds = Int(clamping: timeout.components.seconds &* 1_000_000_000 &+ timeout.components.attoseconds / 1_000_000_000)
        _ = finished.wait(timeout: .now() + .nanoseconds(nanoseconds))
    }

    private enum Step {
        case write(dropped: Int)
        case pace
        case sleep
        case exit
    }

    /// The writer thread: take everything queued, write it, repeat; sleep when there is nothing.
    private func run() {
        var batch: [UInt8] = []
        batch.reserveCapacity(capacity)
        var wrote = false
        while true {
            let step = state.withLock { state -> Step in
                if state.finishing && state.pending.isEmpty && state.dropped == 0 { return .exit }
                if wrote && !state.finishing {
                    // Just wrote: let lines gather for a pace, unless many come.
                    state.writerPacing = true
                    return .pace
                }
                if state.pending.isEmpty && state.dropped == 0 {
                    state.writerIdle = true
                    return .sleep
                }
                swap(&state.pending, &batch)
                defer { state.dropped = 0 }
                return .write(dropped: state.dropped)
            }
            switch step {
            case .pace:
                wrote = false
                if wakeUp.wait(timeout: .now() + .milliseconds(Self.paceMilliseconds)) == .timedOut {
                    // A producer may have decided to signal just now: the flag says.
                    let signalled = state.withLock { state -> Bool in
                        defer { state.writerPacing = false }
                        return !state.writerPacing
                    }
                    if signalled { wakeUp.wait() }
                }
            case .sleep:
                wakeUp.wait()
            case .exit:
                finished.signal()
                return
            case .write(let dropped):
                if dropped > 0 { batch.append(contentsOf: droppedLine(count: dropped)) }
                writeAll(batch)
                batch.removeAll(keepingCapacity: true)
                wrote = true
            }
        }
    }

    private func droppedLine(count: Int) -> [UInt8] {
        if format == .json {
            let message = count == 1 ? "dropped 1 log line while standard error was blocked"
                : "dropped \(count) log lines while standard error was blocked"
            var line = JSONLogLine(level: .warning, label: label, message: message)
            line.field("dropped", count)
            return line.finished()
        }
        var line = LogLine(level: .warning, label: label)
        line.append("dropped ")
        line.appendDecimal(count)
        line.append(count == 1 ? " log line while standard error was blocked" : " log lines while standard error was blocked")
        return line.finished()
    }

    /// Writes all of `bytes`, blocking as long as it takes (this thread only).
    /// Errors other than EINTR and EAGAIN drop the batch: logging must never
    /// take the server down.
    private func writeAll(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written > 0 {
                    offset += written
                    continue
                }
                let error = errno
                if written < 0 && error == EINTR { continue }
                if written < 0 && (error == EAGAIN || error == EWOULDBLOCK) {
                    // Someone made the shared descriptor non-blocking: wait until it drains.
                    var poll = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = Glibc.poll(&poll, 1, -1)
                    continue
                }
                return
            }
        }
    }
}
