import Dispatch
@testable import HTTPServer
import Locking
import Testing

/// A deferred answer is waited for in place up to a limit, then handed off:
/// whichever way, its rest runs exactly once, as soon as it is ready.
struct DeferredWaitTests {
    /// A `whenReady` the test fires, as a writer's commit callback would.
    final class Trigger: Sendable {
        private let callback = Locked<(@Sendable () -> Void)?>(nil)

        func whenReady(_ ready: @escaping @Sendable () -> Void) { callback.withLock { $0 = ready } }

        func fire() { callback.withLock { $0 }?() }
    }

    @Test func alreadyReadyNeedsNoWait() {
        let wait = DeferredWait { ready in ready() }
        let blocked = Locked(0)
        #expect(wait.waitInPlace(upTo: .seconds(10)) { body in
            blocked.withLock { $0 += 1 }
            body()
        })
        #expect(blocked.withLock { $0 } == 0, "waited although ready")
    }

    @Test func readyWithinTheLimitResumesInPlace() {
        let trigger = Trigger()
        let wait = DeferredWait(trigger.whenReady)
        let blocked = Locked(0)
        // Fired from another thread once the wait has begun.
        let resumed = wait.waitInPlace(upTo: .seconds(60)) { body in
            blocked.withLock { $0 += 1 }
            DispatchQueue.global().async { trigger.fire() }
            body()
        }
        #expect(resumed)
        #expect(blocked.withLock { $0 } == 1, "the wait ran inside whileBlocked")
    }

    @Test func notReadyWithinTheLimitIsHandedOffAndRunsOnceReady() {
        let trigger = Trigger()
        let wait = DeferredWait(trigger.whenReady)
        #expect(!wait.waitInPlace(upTo: .milliseconds(1)) { $0() })
        let runs = Locked(0)
        wait.whenReady { runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 0, "ran before it was ready")
        trigger.fire()
        trigger.fire()
        #expect(runs.withLock { $0 } == 1)
    }

    @Test func readyBetweenTheWaitAndTheHandOffRunsAtOnce() {
        let trigger = Trigger()
        let wait = DeferredWait(trigger.whenReady)
        #expect(!wait.waitInPlace(upTo: .zero) { _ in Issue.record("a zero limit waited") })
        trigger.fire()
        let runs = Locked(0)
        wait.whenReady { runs.withLock { $0 += 1 } }
        #expect(runs.withLock { $0 } == 1)
    }
}
