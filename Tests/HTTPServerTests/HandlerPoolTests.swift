import Dispatch
@testable import HTTPServer
import Locking
import Testing
import TestSupport

/// The pool on its own: jobs are closures blocked on semaphores, no sockets.
struct HandlerPoolTests {
    /// Jobs that record their start and then wait for the test.
    final class Jobs: Sendable {
        let started = Locked<[Int]>([])
        let arrivals = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchGroup()

        func job(_ id: Int) -> HandlerPool.Job {
            finished.enter()
            return { [self] in
                started.withLock { $0.append(id) }
                arrivals.signal()
                _ = release.wait(timeout: .now() + .seconds(10))
                finished.leave()
            }
        }

        /// Waits for `count` jobs to start, within one deadline.
        func waitForStarts(_ count: Int, within timeout: DispatchTimeInterval = .seconds(5)) -> Bool {
            let deadline = DispatchTime.now() + timeout
            return (0..<count).allSatisfy { _ in arrivals.wait(timeout: deadline) == .success }
        }
    }

    @Test func runsUpToItsWidthThenQueuesThenRefuses() {
        let pool = HandlerPool(label: "test.pool", width: 2, maxQueued: 3)
        let jobs = Jobs()
        #expect(pool.submit(jobs.job(1)))
        #expect(pool.submit(jobs.job(2)))
        #expect(jobs.waitForStarts(2))
        for id in 3...5 { #expect(pool.submit(jobs.job(id))) }
        #expect(pool.load == HandlerPool.Load(running: 2, queued: 3))
        // Full: refused, and never run.
        let refusedJob: HandlerPool.Job = { Issue.record("a refused job ran") }
        #expect(!pool.submit(refusedJob))
        for _ in 0..<5 { jobs.release.signal() }
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
        let drained = eventually { pool.load == HandlerPool.Load(running: 0, queued: 0) }
        #expect(drained)
    }

    @Test func queuedJobsStartInArrivalOrder() {
        let pool = HandlerPool(label: "test.pool", width: 1, maxQueued: 10)
        let jobs = Jobs()
        for id in 1...6 { #expect(pool.submit(jobs.job(id))) }
        for _ in 0..<6 { jobs.release.signal() }
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(jobs.started.withLock { $0 } == [1, 2, 3, 4, 5, 6])
    }

    @Test func jobsAheadStartFirstAndAlternateWithTheOthers() {
        let pool = HandlerPool(label: "test.pool", width: 1, maxQueued: 10)
        let jobs = Jobs()
        #expect(pool.submit(jobs.job(0)))
        #expect(jobs.waitForStarts(1))
        for id in 1...3 { #expect(pool.submit(jobs.job(id))) }
        for id in 11...14 { #expect(pool.submit(ahead: true, jobs.job(id))) }
        #expect(pool.load == HandlerPool.Load(running: 1, queued: 7))
        for _ in 0..<8 { jobs.release.signal() }
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
        // Ahead first; then every other start while both wait; then what is left.
        #expect(jobs.started.withLock { $0 } == [0, 11, 1, 12, 2, 13, 3, 14])
    }

    @Test func runsItsWholeWidthAtOnce() {
        // More lanes than cores, all blocked: each must still get a thread at once
        // (the global queue would run about one per core and add one a second).
        let pool = HandlerPool(label: "test.pool", width: 8, maxQueued: 0)
        let jobs = Jobs()
        for id in 1...8 { #expect(pool.submit(jobs.job(id))) }
        #expect(jobs.waitForStarts(8, within: .seconds(2)))
        for _ in 0..<8 { jobs.release.signal() }
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func withoutAQueueItRefusesPastItsWidth() {
        let pool = HandlerPool(label: "test.pool", width: 1, maxQueued: 0)
        let jobs = Jobs()
        #expect(pool.submit(jobs.job(1)))
        #expect(jobs.waitForStarts(1))
        let refusedJob: HandlerPool.Job = { Issue.record("a refused job ran") }
        #expect(!pool.submit(refusedJob))
        jobs.release.signal()
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
        // The lane is free again (once the job has returned).
        let idle = eventually { pool.load.running == 0 }
        #expect(idle)
        #expect(pool.submit(jobs.job(2)))
        jobs.release.signal()
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func aBlockedJobLetsASpareLaneRunTheNextOne() {
        let pool = HandlerPool(label: "test.pool", width: 1, spareLanes: 1, maxQueued: 10)
        let jobs = Jobs()
        let blocked = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        let blocker: HandlerPool.Job = {
            HandlerPool.whileBlockedOnCurrentLane {
                blocked.signal()
                _ = unblock.wait(timeout: .now() + .seconds(10))
            }
        }
        #expect(pool.submit(blocker))
        #expect(blocked.wait(timeout: .now() + .seconds(5)) == .success)
        // The only lane's job is waiting: the next job starts on the spare lane.
        #expect(pool.submit(jobs.job(1)))
        #expect(jobs.waitForStarts(1))
        // Back from its wait, the blocker counts again: the pool is full (1 active of
        // width 1, plus the returning one), so a third job waits for a lane to finish.
        unblock.signal()
        let settled = eventually { pool.load.running == 1 }
        #expect(settled)
        #expect(pool.submit(jobs.job(2)))
        #expect(pool.load == HandlerPool.Load(running: 1, queued: 1))
        jobs.release.signal()
        jobs.release.signal()
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(jobs.started.withLock { $0 } == [1, 2])
    }

    @Test func withoutASpareLaneABlockedJobStillHoldsItsLane() {
        let pool = HandlerPool(label: "test.pool", width: 1, spareLanes: 0, maxQueued: 10)
        let jobs = Jobs()
        let blocked = DispatchSemaphore(value: 0)
        let unblock = DispatchSemaphore(value: 0)
        #expect(pool.submit {
            HandlerPool.whileBlockedOnCurrentLane {
                blocked.signal()
                _ = unblock.wait(timeout: .now() + .seconds(10))
            }
        })
        #expect(blocked.wait(timeout: .now() + .seconds(5)) == .success)
        #expect(pool.submit(jobs.job(1)))
        #expect(pool.load == HandlerPool.Load(running: 1, queued: 1))
        unblock.signal()
        // The lane finishes the blocker, then runs the queued job itself.
        #expect(jobs.waitForStarts(1))
        jobs.release.signal()
        #expect(jobs.finished.wait(timeout: .now() + .seconds(10)) == .success)
    }

    @Test func offALaneTheWaitJustRuns() {
        var ran = false
        HandlerPool.whileBlockedOnCurrentLane { ran = true }
        #expect(ran)
    }
}
