import Dispatch
import Foundation
import Testing
@testable import SQLite
import TestSupport

/// The pool notices commits by other connections (other processes) to its
/// file, and only those.
struct ExternalChangeMonitorTests {
    /// Long enough that only the post-batch check can fire in the tests that
    /// must not depend on the timer.
    static let longInterval = 60_000
    static let timeout = DispatchTime.now() + .seconds(10)

    let directory: TemporaryDirectory
    let pool: DatabasePool
    let changes = Counter()

    init() throws {
        directory = try TemporaryDirectory()
        pool = try DatabasePool(path: directory.file("pool.sqlite"), configuration: DatabaseConfiguration(readers: 2)) { connection in
            try connection.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        }
    }

    /// Another "process": a plain connection of its own, committing one row.
    private func insertFromOutside(_ id: Int) throws {
        let other = try Connection(path: directory.file("pool.sqlite"), mode: .readWrite)
        defer { other.close() }
        try other.execute("INSERT INTO t (id) VALUES (?1)", [.integer(Int64(id))])
    }

    @Test func ownWritesAndReadsAreNotExternalChanges() throws {
        let changes = changes
        pool.monitorExternalChanges(intervalMilliseconds: Self.longInterval) { changes.increment() }
        for id in 0..<3 {
            try pool.write { try $0.execute("INSERT INTO t (id) VALUES (?1)", [.integer(Int64(id))]) }
            _ = try pool.readTransaction { try $0.scalar("SELECT count(*) FROM t") }
        }
        #expect(changes.value == 0)
    }

    @Test func outsideCommitIsSeenBeforeTheNextWriteReturns() throws {
        let changes = changes
        pool.monitorExternalChanges(intervalMilliseconds: Self.longInterval) { changes.increment() }
        try insertFromOutside(10)
        try pool.write { try $0.execute("INSERT INTO t (id) VALUES (1)") }
        #expect(changes.value == 1)
        try pool.write { try $0.execute("INSERT INTO t (id) VALUES (2)") }
        #expect(changes.value == 1, "one outside commit is reported once")
    }

    @Test func outsideCommitIsSeenByTheTimerWithoutAnyWrite() throws {
        let seen = DispatchSemaphore(value: 0)
        pool.monitorExternalChanges(intervalMilliseconds: 20) { seen.signal() }
        try insertFromOutside(10)
        #expect(seen.wait(timeout: Self.timeout) == .success)
        #expect(try pool.read { try $0.scalar("SELECT count(*) FROM t") } == .integer(1))
    }

    @Test func closingStopsTheMonitor() throws {
        let changes = changes
        pool.monitorExternalChanges(intervalMilliseconds: 1) { changes.increment() }
        pool.close()
        let before = changes.value
        try insertFromOutside(10)
        // Monitoring a closed pool is a no-op rather than a stream of failed checks.
        pool.monitorExternalChanges(intervalMilliseconds: 1) { changes.increment() }
        #expect(changes.value == before)
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func increment() {
        lock.lock()
        defer { lock.unlock() }
        count += 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
