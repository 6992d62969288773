import Dispatch
import Foundation
import Locking
import MomentsAPI
import Testing
import TestSupport

/// A slow PostgreSQL is not a lost one (docs/operations.md, "When the
/// database stops answering"): statements waiting on a lock fail their own
/// requests with `DATABASE_UNAVAILABLE`, never `INTERNAL_SERVER_ERROR`, while
/// the monitor's heartbeat keeps the database reachable, so `/readyz` stays
/// `200` and everything works again as soon as the lock is released. And a
/// request's deadline counts from its arrival, queueing included.
@Suite(.serialized, .enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct SlowDatabaseTests {
    /// One request's answer and when it was sent and answered.
    struct Timed: Sendable {
        var sent: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        var status: Int?
        var codes: [String]
        var text: String
    }

    /// Sends `body` to /graphql on a connection of its own, on the calling thread.
    static func post(port: Int, query: String, variables: [String: Any]) -> Timed {
        let sent = ContinuousClock.now
        do {
            let payload = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
            let client = try RawClient(port: port, timeout: .seconds(30))
            defer { client.close() }
            let headers = GraphQLClient.appHeaders.map { "\($0.key): \($0.value)\r\n" }.sorted().joined()
            try client.send(
                "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n\(headers)Content-Length: \(payload.count)\r\n\r\n"
                    + String(decoding: payload, as: UTF8.self))
            let response = try client.readResponse()
            let json = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
            let codes = (json?["errors"] as? [[String: Any]] ?? []).compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
            return Timed(sent: sent, answered: .now, status: response.status, codes: codes, text: response.text)
        } catch {
            return Timed(sent: sent, answered: .now, status: nil, codes: [], text: "\(error)")
        }
    }

    static func like(port: Int, moment: String, user: String, _ isLiked: Bool = true) -> Timed {
        post(port: port, query: AppDocuments.updateLike, variables: ["momentID": moment, "userID": user, "isLiked": isLiked])
    }

    static func read(port: Int, user: String) -> Timed {
        post(port: port, query: AppDocuments.timeline, variables: ["userID": user, "withLikes": true])
    }

    /// Runs each of `work` on a thread of its own and returns their results in order.
    static func concurrently(_ work: [@Sendable () -> Timed]) -> [Timed] {
        let results = Locked<[Int: Timed]>([:])
        let group = DispatchGroup()
        for (index, job) in work.enumerated() {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                let result = job()
                results.withLock { $0[index] = result }
            }
        }
        // Every request ends within its client timeout (30 s).
        _ = group.wait(timeout: .now() + 60)
        return results.withLock { all in work.indices.compactMap { all[$0] } }
    }

    /// Holds `LOCK TABLE moment_likes IN ACCESS EXCLUSIVE MODE` for `seconds`
    /// in a session of its own; returns once the lock is held, and calls
    /// `released` (on another thread) when the session committed.
    static func lockLikes(_ postgres: PostgreSQLServer, database: String, for seconds: Int, released: @escaping @Sendable () -> Void) throws {
        Thread.detachNewThread {
            _ = try? postgres.psql("BEGIN; LOCK TABLE moment_likes IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(\(seconds)); COMMIT;", database: database)
            released()
        }
        let held = """
            SELECT count(*) FROM pg_locks AS l JOIN pg_class AS c ON c.oid = l.relation
            WHERE c.relname = 'moment_likes' AND l.mode = 'AccessExclusiveLock' AND l.granted
            """
        try #require(try eventually(within: .seconds(10)) { try postgres.psql(held, database: database).hasPrefix("1") })
    }

    /// Sessions waiting for a lock on `moment_likes` (our statements queued behind the lock).
    static func waiters(_ postgres: PostgreSQLServer, database: String) throws -> Int {
        let sql = """
            SELECT count(*) FROM pg_locks AS l JOIN pg_class AS c ON c.oid = l.relation
            WHERE c.relname = 'moment_likes' AND NOT l.granted
            """
        return Int(try postgres.psql(sql, database: database).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test func aTableLockedPastTheStatementTimeoutIsASlowDatabaseNotALostOne() throws {
        let postgres = try PostgreSQLServer.shared()
        let uri = try postgres.makeDatabase()
        let database = try #require(uri.split(separator: "/").last.map(String.init))
        let directory = try TemporaryDirectory()
        // The read and response caches off: every read reaches the locked table. Default deadline (10 s) and statement timeout (5 s).
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--database", uri, "--cache-timelines", "0", "--response-cache-bytes", "0"])
        defer { _ = server.stop() }
        let port = server.port
        #expect(Self.like(port: port, moment: "4", user: "0").codes == [])

        let release = Locked<ContinuousClock.Instant?>(nil)
        try Self.lockLikes(postgres, database: database, for: 8) { release.withLock { $0 = .now } }
        let probing = Locked(true)
        let probes = Locked<[Int]>([])
        Thread.detachNewThread {
            while probing.withLock({ $0 }) {
                let status = (try? BlockingRequest.send(port: port, "GET /readyz"))?.status ?? 0
                probes.withLock { $0.append(status) }
                usleep(100_000)
            }
        }
        // 16 at once: 8 likes and 8 reads, more than the 8 pooled connections.
        let users = ["100", "101", "102", "103", "104", "105", "1", "2"]
        var work: [@Sendable () -> Timed] = users.map { user in { Self.like(port: port, moment: "4", user: user) } }
        work += ["0", "1", "2", "3", "0", "1", "2", "3"].map { user in { Self.read(port: port, user: user) } }
        let during = Self.concurrently(work)
        try #require(eventually(within: .seconds(15)) { release.withLock { $0 } != nil })
        let released = try #require(release.withLock { $0 })
        // After the release, likes and reads work at once.
        let after = Self.concurrently([
            { Self.like(port: port, moment: "4", user: "3") }, { Self.read(port: port, user: "0") },
        ])
        probing.withLock { $0 = false }

        #expect(during.count == 16 && after.count == 2)
        for answer in during + after {
            #expect(answer.status == 200, "\(answer.text)")
            #expect(!answer.codes.contains("INTERNAL_SERVER_ERROR"), "\(answer.text)")
            #expect(answer.codes.allSatisfy { $0 == "DATABASE_UNAVAILABLE" }, "\(answer.text)")
            if answer.codes.isEmpty {
                #expect(answer.answered < released.advanced(by: .seconds(2)), "answered \(released.duration(to: answer.answered)) after the release")
            }
        }
        #expect(during.contains { !$0.codes.isEmpty }, "some waited past the statement timeout (5 s) while the table was locked for 8 s")
        for answer in after {
            #expect(answer.codes.isEmpty && answer.answered.duration(to: .now) < .seconds(30), "\(answer.text)")
            #expect(answer.answered < released.advanced(by: .seconds(2)), "answered \(released.duration(to: answer.answered)) after the release")
        }
        let statuses = probes.withLock { $0 }
        #expect(statuses.count > 20 && statuses.allSatisfy { $0 == 200 }, "/readyz: \(statuses)")
        #expect(!server.stderrLines.contains { $0.contains("database unreachable") }, "\(server.stderrLines.suffix(5))")
    }

    @Test func aQueuedRequestsDeadlineCountsFromItsArrival() throws {
        let postgres = try PostgreSQLServer.shared()
        let uri = try postgres.makeDatabase()
        let database = try #require(uri.split(separator: "/").last.map(String.init))
        let directory = try TemporaryDirectory()
        // Two handlers, a 2 s deadline, and a statement timeout that never comes first.
        let server = try ServerProcess(
            databasePath: directory.databasePath,
            arguments: [
                "--database", uri, "--cache-timelines", "0", "--response-cache-bytes", "0", "--max-concurrent-requests", "2", "--request-timeout", "2",
                "--postgres-statement-timeout-ms", "60000",
            ])
        defer { _ = server.stop() }
        let port = server.port
        #expect(Self.read(port: port, user: "0").codes == [])

        try Self.lockLikes(postgres, database: database, for: 6) {}
        // Two reads take both handlers and wait on the lock...
        let blockers = Locked<[Timed]>([])
        for user in ["0", "1"] {
            Thread.detachNewThread {
                let answer = Self.read(port: port, user: user)
                blockers.withLock { $0.append(answer) }
            }
        }
        try #require(try eventually(within: .seconds(5)) { try Self.waiters(postgres, database: database) >= 2 })
        // ...so these queue behind them; each is answered within its own 2 s of arriving, not 2 s after it started.
        let queued = Self.concurrently((0..<6).map { index in { Self.read(port: port, user: String(index % 4)) } })
        #expect(queued.count == 6)
        for answer in queued {
            let waited = answer.sent.duration(to: answer.answered)
            #expect(waited < .milliseconds(2750), "queued \(waited): \(answer.text)")
            #expect(answer.codes.allSatisfy { $0 == "DATABASE_UNAVAILABLE" || $0 == "SERVER_BUSY" }, "\(answer.text)")
            #expect(!answer.codes.isEmpty, "the table is locked for 6 s: \(answer.text)")
        }
        let busy = queued.filter { $0.codes == ["SERVER_BUSY"] }
        for answer in busy {
            #expect(answer.status == 503 && answer.text.contains("try again later"), "\(answer.text)")
        }
        try #require(eventually(within: .seconds(10)) { blockers.withLock { $0.count } == 2 })
    }
}
