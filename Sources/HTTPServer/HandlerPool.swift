import Dispatch
import Synchronization

/// Runs handlers that may block, off the I/O thread, at a bounded cost: at most
/// `width` at once, each on a thread of its own, then at most `maxQueued`
/// waiting in arrival order; past that, `submit` refuses and the connection
/// answers `503` without running the handler.
///
/// Why serial lanes rather than `DispatchQueue.global()`: on Linux the global
/// concurrent queue runs about one thread per core and, while those block,
/// adds at most one more a second (libdispatch's workqueue monitor), so
/// handlers waiting on SQLite's fsync would mostly wait for a thread. A serial
/// queue targets the overcommit pool, which starts a thread whenever one of its
/// queues has work: `width` lanes are `width` handlers really running.
///
/// The bookkeeping per request is one lock to admit and one to finish (a stack
/// of idle lanes, a queue), and no thread hop besides the one to the lane: a
/// lane that finishes takes the next waiting job itself.
final class HandlerPool: Sendable {
    typealias Job = @Sendable () -> Void

    /// Handlers running and waiting, for tests and diagnostics.
    struct Load: Sendable, Equatable {
        var running: Int
        var queued: Int
    }

    private enum Admission {
        case run(lane: Int)
        case queued
        case refused
    }

    private struct State {
        /// Lanes with nothing to run; the last one is taken first (its thread is warm).
        var idleLanes: [Int]
        var waiting = Waiting()
    }

    private let lanes: [DispatchQueue]
    private let maxQueued: Int
    private let state: Mutex<State>

    /// `width` is at least 1, so queued jobs always have a lane to run them.
    init(label: String, width: Int, maxQueued: Int) {
        let width = max(1, width)
        lanes = (0..<width).map { DispatchQueue(label: "\(label).\($0)") }
        self.maxQueued = max(0, maxQueued)
        state = Mutex(State(idleLanes: Array((0..<width).reversed())))
    }

    /// Runs `job` on an idle lane, or queues it behind the others; returns false,
    /// without running it, when every lane is busy and the queue is full.
    func submit(_ job: @escaping Job) -> Bool {
        let admission = state.withLock { state -> Admission in
            if let lane = state.idleLanes.popLast() { return .run(lane: lane) }
            guard state.waiting.count < maxQueued else { return .refused }
            state.waiting.append(job)
            return .queued
        }
        switch admission {
        case let .run(lane):
            lanes[lane].async { [self] in run(job, on: lane) }
            return true
        case .queued:
            return true
        case .refused:
            return false
        }
    }

    var load: Load {
        state.withLock { Load(running: lanes.count - $0.idleLanes.count, queued: $0.waiting.count) }
    }

    /// Runs `first`, then whatever waits, until the queue is empty; then the lane is idle again.
    private func run(_ first: @escaping Job, on lane: Int) {
        var job = first
        while true {
            job()
            let next = state.withLock { state -> Job? in
                if let next = state.waiting.popFirst() { return next }
                state.idleLanes.append(lane)
                return nil
            }
            guard let next else { return }
            job = next
        }
    }

    /// First in, first out, on two arrays: appended to `back`, served from the
    /// end of `front` (which holds `back` reversed once `front` runs out).
    private struct Waiting {
        private var front: [Job] = []
        private var back: [Job] = []

        var count: Int { front.count + back.count }

        mutating func append(_ job: @escaping Job) {
            back.append(job)
        }

        mutating func popFirst() -> Job? {
            if front.isEmpty {
                guard !back.isEmpty else { return nil }
                front = back.reversed()
                back.removeAll(keepingCapacity: true)
            }
            return front.popLast()
        }
    }
}
