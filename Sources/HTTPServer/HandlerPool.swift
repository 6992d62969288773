import Dispatch
import HTTP1
import Locking

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
///
/// A job that waits without using a core (a like waiting for its group
/// commit's fsync) says so with `whileBlocked`: for that time it does not
/// count against `width`, and a spare lane starts the next waiting job.
/// Why: on 2 cores with 3 lanes, a like mix kept about one and a half lanes
/// waiting on fsync on average, so reads queued behind idle cores; more
/// lanes instead would put more runnable threads than cores on the read
/// path (see `ServerThreads.maxConcurrentHandlers`). Jobs running and not
/// blocked stay at most `width`, give or take the ones just back from a wait;
/// the spare lanes (`spareLanes`) bound the threads.
///
/// A job submitted `ahead` (`HandlerExecution.pooledAhead`: a write, which
/// mostly waits for its fsync) starts before the others waiting, so that its
/// wait overlaps their work instead of following the whole queue. While both
/// kinds wait, the pool alternates between them: jobs ahead never take more
/// than every other start from the rest.
package final class HandlerPool: JobPool, Sendable {
    package typealias Job = @Sendable () -> Void

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
        /// Jobs on a lane and not inside `whileBlocked`.
        var active = 0
        var waiting = Waiting()
    }

    private let lanes: [DispatchQueue]
    private let width: Int
    private let maxQueued: Int
    private let state: Locked<State>
    /// Lets code running on a lane find its pool (`whileBlockedOnCurrentLane`).
    private static let laneKey = DispatchSpecificKey<LaneOwner>()

    /// The pool a server's handlers run on, sized by `threads`: made by the
    /// caller when other work shares it (`Server.init`'s `handlerPool`).
    package static func handlers(_ threads: ServerThreads) -> HandlerPool {
        HandlerPool(
            label: "http.handler", width: threads.maxConcurrentHandlers, spareLanes: threads.spareHandlerThreads,
            maxQueued: threads.maxQueuedHandlers)
    }

    /// `width` is at least 1, so queued jobs always have a lane to run them.
    /// `spareLanes` more lanes (threads) run waiting jobs while others are blocked.
    init(label: String, width: Int, spareLanes: Int = 0, maxQueued: Int) {
        let width = max(1, width)
        let count = width + max(0, spareLanes)
        lanes = (0..<count).map { DispatchQueue(label: "\(label).\($0)") }
        self.width = width
        self.maxQueued = max(0, maxQueued)
        state = Locked(State(idleLanes: Array((0..<count).reversed())))
        let owner = LaneOwner(self)
        for lane in lanes { lane.setSpecific(key: Self.laneKey, value: owner) }
    }

    /// Runs `job` on an idle lane, or queues it behind the others (`ahead`: behind
    /// the others queued ahead only); returns false, without running it, when
    /// every lane is busy and the queue is full.
    package func submit(ahead: Bool = false, _ job: @escaping Job) -> Bool {
        let admission = state.withLock { state -> Admission in
            if state.active < width, let lane = state.idleLanes.popLast() {
                state.active += 1
                return .run(lane: lane)
            }
            guard state.waiting.count < maxQueued else { return .refused }
            state.waiting.append(job, ahead: ahead)
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

    /// Runs `first`, then whatever waits, until the queue is empty (or the pool
    /// is over its width, after blocked jobs came back); then the lane is idle again.
    private func run(_ first: @escaping Job, on lane: Int) {
        var job = first
        while true {
            job()
            let next = state.withLock { state -> Job? in
                state.active -= 1
                if state.active < width, let next = state.waiting.popFirst() {
                    state.active += 1
                    return next
                }
                state.idleLanes.append(lane)
                return nil
            }
            guard let next else { return }
            job = next
        }
    }

    /// Runs `body`, a wait that uses no core, from a job of this pool: meanwhile
    /// the job does not count against `width`, and a spare lane, if one is
    /// idle, starts the next waiting job.
    func whileBlocked(_ body: () -> Void) {
        let handOver = state.withLock { state -> (lane: Int, job: Job)? in
            state.active -= 1
            guard state.active < width, !state.waiting.isEmpty, let lane = state.idleLanes.popLast() else { return nil }
            guard let next = state.waiting.popFirst() else {
                state.idleLanes.append(lane)
                return nil
            }
            state.active += 1
            return (lane, next)
        }
        if let handOver {
            lanes[handOver.lane].async { [self] in run(handOver.job, on: handOver.lane) }
        }
        body()
        state.withLock { $0.active += 1 }
    }

    /// `whileBlocked` on the pool whose lane runs the caller; just `body` on any other thread.
    static func whileBlockedOnCurrentLane(_ body: () -> Void) {
        guard let pool = DispatchQueue.getSpecific(key: laneKey)?.pool else { return body() }
        pool.whileBlocked(body)
    }

    /// A lane's way back to its pool; weak, as the pool owns its lanes.
    private final class LaneOwner: Sendable {
        weak let pool: HandlerPool?
        init(_ pool: HandlerPool) { self.pool = pool }
    }

    /// Two queues, each first in first out: jobs ahead, and the others. A
    /// pop takes from the queue ahead unless the previous pop did and the
    /// others wait.
    private struct Waiting {
        private var ahead = FIFO()
        private var others = FIFO()
        private var tookAhead = false

        var count: Int { ahead.count + others.count }
        var isEmpty: Bool { ahead.isEmpty && others.isEmpty }

        mutating func append(_ job: @escaping Job, ahead isAhead: Bool) {
            if isAhead { ahead.append(job) } else { others.append(job) }
        }

        mutating func popFirst() -> Job? {
            tookAhead = !ahead.isEmpty && (!tookAhead || others.isEmpty)
            return tookAhead ? ahead.popFirst() : others.popFirst()
        }
    }

    /// First in, first out, on two arrays: appended to `back`, served from the
    /// end of `front` (which holds `back` reversed once `front` runs out).
    private struct FIFO {
        private var front: [Job] = []
        private var back: [Job] = []

        var count: Int { front.count + back.count }
        var isEmpty: Bool { front.isEmpty && back.isEmpty }

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
