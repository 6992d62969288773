import Dispatch
import Locking
import Testing

struct LockedTests {
    /// Threads that read, change and write the value under the lock lose no update.
    @Test func concurrentUpdatesAllCount() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 {
                counter.withLock { value in
                    let read = value
                    value = read + 1
                }
            }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    /// A body that throws leaves the lock released and the value as it made it.
    @Test func aThrowingBodyReleasesTheLock() {
        struct Refused: Error {}
        let state = Locked([1])
        #expect(throws: Refused.self) {
            try state.withLock { value in
                value.append(2)
                throw Refused()
            }
        }
        let finished = Locked(false)
        DispatchQueue.global().sync {
            state.withLock { $0.append(3) }
            finished.withLock { $0 = true }
        }
        #expect(finished.withLock { $0 })
        #expect(state.withLock { $0 } == [1, 2, 3])
    }
}
