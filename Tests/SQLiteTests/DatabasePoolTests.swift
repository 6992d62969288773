import Dispatch
import Foundation
import Testing
@testable import SQLite
import TestSupport

struct DatabasePoolTests {
    let directory: TemporaryDirectory
    let pool: DatabasePool
    let statements = Recorder()

    init() throws {
        directory = try TemporaryDirectory()
        let statements = statements
        let configuration = DatabaseConfiguration(readers: 2, prepareConnection: { connection in
            try connection.setStatementObserver { statements.append($0) }
        })
        pool = try DatabasePool(path: directory.file("pool.sqlite"), configuration: configuration) { connection in
            try connection.executeScript("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        }
    }

    private struct Boom: Error {}

    private func count() throws -> SQLiteValue? {
        try pool.read { try $0.scalar("SELECT count(*) FROM t") }
    }

    @Test func configuresWALAndFullSync() throws {
        #expect(try pool.read { try $0.scalar("PRAGMA journal_mode") } == .text("wal"))
        #expect(try pool.write { try $0.scalar("PRAGMA synchronous") } == .integer(2))
        #expect(try pool.read { try $0.scalar("PRAGMA foreign_keys") } == .integer(1))
    }

    @Test func readersDoNotWaitForAWriteInProgress() throws {
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let pool = pool
        DispatchQueue.global().async {
            _ = try? pool.write { connection in
                try connection.execute("INSERT INTO t VALUES (1)")
                inside.signal()
                _ = release.wait(timeout: .now() + 10)
            }
            finished.signal()
        }
        #expect(inside.wait(timeout: .now() + 10) == .success)
        // The write holds its transaction open: a read still answers, with the committed state.
        #expect(try count() == .integer(0))
        release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        #expect(try count() == .integer(1))
    }

    @Test func aWriteNotCommittedByItsDeadlineStopsWaitingAndMayStillCommit() throws {
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let pool = pool
        // A stalled batch (as a stalled fsync would hold it) keeps the writer busy.
        DispatchQueue.global().async {
            _ = try? pool.write { _ in
                inside.signal()
                _ = release.wait(timeout: .now() + 10)
            }
            finished.signal()
        }
        #expect(inside.wait(timeout: .now() + 10) == .success)
        let started = ContinuousClock.now
        let error = #expect(throws: SQLiteError.self) {
            try pool.write(until: started.advanced(by: .milliseconds(200))) { try $0.execute("INSERT INTO t VALUES (7)") }
        }
        let waited = started.duration(to: .now)
        #expect(error?.isCommitNotInTime == true)
        #expect(waited >= .milliseconds(200) && waited < .seconds(5), "waited \(waited)")
        release.signal()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        // Not acknowledged, yet committed once the writer got to it: the outcome was unknown.
        #expect(eventually { (try? count()) == .integer(1) })
    }

    @Test func oneFailingWriteDoesNotFailTheOthers() throws {
        let outcomes = Recorder()
        let pool = pool
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            do {
                try pool.write { connection in
                    try connection.execute("INSERT INTO t VALUES (?1)", [.integer(Int64(index))])
                    if index % 2 == 1 { throw Boom() }
                }
                outcomes.append("ok \(index)")
            } catch is Boom {
                outcomes.append("boom \(index)")
            } catch {
                outcomes.append("unexpected \(error)")
            }
        }
        let expected = (0..<40).map { $0 % 2 == 0 ? "ok \($0)" : "boom \($0)" }
        #expect(outcomes.values.sorted() == expected.sorted())
        let ids = try pool.read { connection in
            try connection.withStatement("SELECT id FROM t ORDER BY id") { statement in
                var ids: [Int] = []
                try statement.forEachRow { ids.append(Int($0.int64(at: 0))) }
                return ids
            }
        }
        #expect(ids == Array(stride(from: 0, to: 40, by: 2)))
    }

    @Test func concurrentWritesShareOneCommit() throws {
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let pool = pool
        DispatchQueue.global().async(group: done) {
            _ = try? pool.write { _ in
                inside.signal()
                _ = release.wait(timeout: .now() + 10)
            }
        }
        #expect(inside.wait(timeout: .now() + 10) == .success)
        // Threads of their own: the blocked first write must not starve a thread pool.
        for index in 1...10 {
            done.enter()
            Thread.detachNewThread {
                _ = try? pool.write { try $0.execute("INSERT INTO t VALUES (?1)", [.integer(Int64(index))]) }
                done.leave()
            }
        }
        // Bounded by a deadline: the ten writers enqueue within milliseconds.
        let deadline = DispatchTime.now() + 10
        while pool.pendingWriteCount < 10, DispatchTime.now() < deadline {
            sched_yield()
        }
        #expect(pool.pendingWriteCount == 10)
        release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(try count() == .integer(10))
        let commits = statements.values.filter { $0 == "BEGIN IMMEDIATE TRANSACTION" }
        #expect(commits.count == 2)
    }

    @Test func anOperationThatEndsTheTransactionFailsItsWholeBatch() throws {
        let inside = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let outcomes = Recorder()
        let pool = pool
        DispatchQueue.global().async(group: done) {
            _ = try? pool.write { _ in
                inside.signal()
                _ = release.wait(timeout: .now() + 10)
            }
        }
        #expect(inside.wait(timeout: .now() + 10) == .success)
        // Enqueued one at a time, so the next batch holds them in this order.
        let writes: [(name: String, body: @Sendable (Connection) throws -> Void)] = [
            ("insert 1", { try $0.execute("INSERT INTO t VALUES (1)") }),
            // What SQLite does on its own after SQLITE_FULL or SQLITE_IOERR.
            ("rollback", { connection in
                try connection.execute("ROLLBACK TRANSACTION")
                throw Boom()
            }),
            ("insert 2", { try $0.execute("INSERT INTO t VALUES (2)") }),
        ]
        for (position, write) in writes.enumerated() {
            done.enter()
            Thread.detachNewThread {
                do {
                    try pool.write(write.body)
                    outcomes.append("\(write.name): ok")
                } catch {
                    outcomes.append("\(write.name): failed")
                }
                done.leave()
            }
            let deadline = DispatchTime.now() + 10
            while pool.pendingWriteCount <= position, DispatchTime.now() < deadline {
                sched_yield()
            }
        }
        #expect(pool.pendingWriteCount == writes.count)
        release.signal()
        #expect(done.wait(timeout: .now() + 10) == .success)
        // Nothing of the batch is in the file, and every write says so.
        #expect(outcomes.values.sorted() == ["insert 1: failed", "insert 2: failed", "rollback: failed"])
        #expect(try count() == .integer(0))
    }

    @Test func closedPoolRefusesWork() throws {
        pool.close()
        #expect(throws: SQLiteError.self) { try count() }
        #expect(throws: SQLiteError.self) { try pool.write { _ in 1 } }
    }
}
