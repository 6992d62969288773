import Dispatch
import Locking
import Testing

/// Waiting on a `Locked` value with a `Condition`: what the SQLite reader
/// pool does when every reader is checked out.
struct ConditionTests {
    /// A waiter sleeps until another thread makes its predicate true and signals.
    @Test func aWaiterWakesWhenThePredicateBecomesTrue() {
        let items = Locked<[Int]>([])
        let changed = Condition()
        let taken = Locked<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let item = items.withLock(waitingOn: changed, until: { !$0.isEmpty }) { $0.removeFirst() }
            taken.withLock { $0 = item }
            done.signal()
        }
        // Nothing to take yet: the waiter must still be asleep.
        #expect(done.wait(timeout: .now() + .milliseconds(50)) == .timedOut)
        items.withLock { $0.append(7) }
        changed.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(taken.withLock { $0 } == 7)
        #expect(items.withLock { $0.isEmpty })
    }

    /// A broadcast wakes every waiter; each takes one item, none the same.
    @Test func aBroadcastWakesEveryWaiter() {
        let items = Locked<[Int]>([])
        let changed = Condition()
        let taken = Locked<[Int]>([])
        let group = DispatchGroup()
        for _ in 0..<4 {
            DispatchQueue.global().async(group: group) {
                let item = items.withLock(waitingOn: changed, until: { !$0.isEmpty }) { $0.removeLast() }
                taken.withLock { $0.append(item) }
            }
        }
        items.withLock { $0 = [1, 2, 3, 4] }
        changed.broadcast()
        #expect(group.wait(timeout: .now() + 10) == .success)
        #expect(taken.withLock { $0.sorted() } == [1, 2, 3, 4])
    }

    /// A ready predicate does not wait; a body's own error type comes out as
    /// it is, and the lock is released.
    @Test func aBodyThrowsItsOwnErrorTypeAndReleasesTheLock() {
        struct Closed: Error, Equatable {}
        let isClosed = Locked(true)
        let changed = Condition()
        #expect(throws: Closed()) {
            try isClosed.withLock(waitingOn: changed, until: { $0 }) { (_: inout Bool) throws(Closed) -> Int in
                throw Closed()
            }
        }
        #expect(isClosed.withLock { $0 })
    }
}
