import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MomentsAPI
import Testing
import TestSupport

/// Issue 28: an instance cut off from PostgreSQL by a network partition
/// (packets vanish, nothing is refused) answers every request within its
/// deadline, tells the truth on `/readyz`, serves no read staler than the
/// window, and recovers without a restart; a second instance with its own
/// path serves likes throughout.
///
/// The partition is a `TCPRelay` of the test's own between instance A and
/// PostgreSQL, not network namespaces: no root, no iproute2, any CI
/// container, and A sees what a partition shows it (silence, nothing
/// refused, connections left open). See `TCPRelay` for the one difference:
/// its kernel acknowledges A's bytes, so only A's own deadlines can notice.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct PartitionTests {
    static let partitionSeconds = 20
    /// `--request-timeout` of both instances, in seconds.
    static let requestTimeout = 4
    /// Every GraphQL answer during the partition: the request timeout plus a second.
    static let answerBound: Duration = .seconds(requestTimeout + 1)
    static let healthzBound: Duration = .milliseconds(100)
    static let readyzBound: Duration = .seconds(1)
    /// The first non-200 `/readyz` after the partition began.
    static let notReadyWithin: Duration = .seconds(5)
    /// `/readyz` 200 and a like acknowledged after the partition ended.
    static let recoveryWithin: Duration = .seconds(2)
    /// A like that began this long into the partition cannot have reached PostgreSQL.
    static let inFlightGrace: Duration = .seconds(1)
    /// docs/storage.md: how soon one instance serves a like acknowledged by another.
    static let stalenessWindow: Duration = .seconds(1)
    static let unavailableCode = "DATABASE_UNAVAILABLE"

    /// Eight likers of moment 4 (user 0's, seen by all his friends), one loop each on A.
    static let pairsOnA = ["100", "101", "102", "103", "104", "105", "1", "2"].map { LikePair(momentID: "4", userID: $0) }
    /// Toggled in turn through B, every 250 ms: each pair every 2 s, so a read on A
    /// that starts between 1 s after one of its likes and its next like has one right answer.
    static let pairsOnB = [("0", "0"), ("1", "0"), ("2", "0"), ("3", "0"), ("0", "1"), ("1", "2"), ("2", "3"), ("3", "4")]
        .map { LikePair(momentID: $0.0, userID: $0.1) }
    static let warmUpOnA = LikePair(momentID: "4", userID: "4")
    static let warmUpOnB = LikePair(momentID: "4", userID: "0")
    static let recoveryOnA = LikePair(momentID: "4", userID: "3")
    /// The demo data's likes among the pairs above (docs/storage.md, "Demo data").
    static let likedInDemo: Set<LikePair> = [LikePair(momentID: "2", userID: "0"), LikePair(momentID: "3", userID: "0")]

    /// Runs alone (`.ci/run`'s step "partition through a relay"): its bounds
    /// are wall-clock times (`/healthz` under 100 ms), which the rest of the
    /// suite running beside it on a small machine would turn into a test of
    /// the machine's load. `swift test` skips it unless `MOMENTS_PARTITION_TEST=1`.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["MOMENTS_PARTITION_TEST"] == "1",
                   "set MOMENTS_PARTITION_TEST=1 to run it (alone: its bounds are wall-clock times)"))
    func anInstanceCutOffFromPostgreSQLAnswersInTimeTellsTheTruthAndRecovers() async throws {
        let postgres = try PostgreSQLServer.shared()
        let direct = try postgres.makeDatabase()
        let database = try #require(direct.split(separator: "/").last.map(String.init))
        let relay = try TCPRelay(targetPort: postgres.port)
        defer { relay.stop() }
        let arguments = ["--request-timeout", "\(Self.requestTimeout)"]
        // B first: it seeds the demo data over its direct path.
        let b = try ServerProcess(databasePath: direct, arguments: arguments)
        let a = try ServerProcess(databasePath: "postgresql://postgres@127.0.0.1:\(relay.port)/\(database)", arguments: arguments)
        let clock = ContinuousClock()

        // 1. Warm up: both instances like, A is ready and has the timeline cached.
        let warmA = LoopClient(baseURL: a.baseURL, timeout: .seconds(10))
        let warmB = LoopClient(baseURL: b.baseURL, timeout: .seconds(10))
        defer {
            warmA.invalidate()
            warmB.invalidate()
        }
        var history: [LikeAttempt] = []
        history.append(await warmA.like(Self.warmUpOnA, isLiked: true, through: "A"))
        history.append(await warmB.like(Self.warmUpOnB, isLiked: true, through: "B"))
        for attempt in history {
            #expect(attempt.outcome == .acknowledged, "before the partition, a like through \(attempt.instance) was not acknowledged: \(attempt.outcome)")
        }
        #expect(await warmA.get("/readyz").status == 200, "before the partition, A's /readyz was not 200")
        // A shows B's like (its invalidation reached A), then serves the timeline once more: the
        // partition begins with it cached, so that a cached answer past the window would be seen.
        let warmedUp = clock.now
        var shown = false
        while !shown && clock.now < warmedUp + .seconds(5) {
            let read = TimelineRead(await warmA.timeline())
            shown = read.served?[Self.warmUpOnB.momentID]?.contains(Self.warmUpOnB.userID) == true
            if !shown { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(shown, "before the partition, A did not show a like acknowledged by B within 5 s")
        let warmRead = await warmA.timeline()
        #expect(TimelineRead(warmRead).served != nil, "before the partition, A did not serve user 0's timeline: \(warmRead.summary)")

        // 2. The partition, under load.
        let t0 = clock.now
        relay.partition()
        let end = t0 + .seconds(Self.partitionSeconds)
        var results = LoopResults()
        await withTaskGroup(of: LoopResult.self) { group in
            for pair in Self.pairsOnA {
                group.addTask {
                    let client = LoopClient(baseURL: a.baseURL, timeout: Self.answerBound + .seconds(3))
                    defer { client.invalidate() }
                    return .likesOnA(await client.likeLoop(pair, through: "A", liked: false, until: end, pace: .milliseconds(100)))
                }
            }
            group.addTask { .readsOnA(await Self.readLoop(a.baseURL, until: end)) }
            group.addTask { .healthz(await Self.probeLoop(a.baseURL, "/healthz", every: .milliseconds(100), until: end)) }
            group.addTask { .readyz(await Self.probeLoop(a.baseURL, "/readyz", every: .milliseconds(200), until: end)) }
            group.addTask { .likesOnB(await Self.rotatingLikeLoop(b.baseURL, until: end)) }
            group.addTask { .recovery(await Self.heal(relay, at: end, instance: a.baseURL)) }
            for await result in group { results.add(result) }
        }
        let recovery = try #require(results.recovery)
        let t1 = recovery.healedAt
        let since0 = { (instant: ContinuousClock.Instant) in "\(Self.seconds(instant - t0)) s into the partition" }

        // Every like on A answered in time, refused as unavailable; none begun after the grace acknowledged while cut off.
        let likesOnA = results.likesOnA
        Self.expectNone(likesOnA.filter { !$0.outcome.isAnswered || $0.answered - $0.started > Self.answerBound }.map {
            "sent \(since0($0.started)), \($0.outcome) after \(Self.seconds($0.answered - $0.started)) s"
        }, of: likesOnA.count, "likes on A were not answered within \(Self.seconds(Self.answerBound)) s (--request-timeout plus 1 s)")
        Self.expectNone(likesOnA.filter { $0.started >= t0 + Self.inFlightGrace && $0.answered < t1 && $0.outcome == .acknowledged }.map {
            "sent \(since0($0.started)): \($0.pair) acknowledged"
        }, of: likesOnA.count, "likes on A were acknowledged while A could not reach PostgreSQL")
        Self.expectNone(likesOnA.compactMap {
            guard case .refused(let status, let code, let retryAfter) = $0.outcome,
                code != Self.unavailableCode || (status == 503 && retryAfter == nil) else { return nil }
            return "sent \(since0($0.started)): \(status) \(code ?? "without a code")\(status == 503 && retryAfter == nil ? " without Retry-After" : "")"
        }, of: likesOnA.count, "likes on A failed otherwise than \(Self.unavailableCode) (a 503 with Retry-After)")
        // Reads on A answered in time, failures said why.
        let reads = results.readsOnA
        Self.expectNone(reads.filter { !$0.isAnswered || $0.answered - $0.started > Self.answerBound }.map {
            "sent \(since0($0.started)), after \(Self.seconds($0.answered - $0.started)) s: \($0.summary)"
        }, of: reads.count, "timeline reads on A were not answered within \(Self.seconds(Self.answerBound)) s")
        Self.expectNone(reads.filter { $0.isAnswered && $0.served == nil && $0.code != Self.unavailableCode }.map {
            "sent \(since0($0.started)): \($0.summary)"
        }, of: reads.count, "timeline reads on A failed otherwise than \(Self.unavailableCode)")
        // /healthz never waits on the database.
        Self.expectNone(results.healthz.filter { $0.status != 200 || $0.answered - $0.started > Self.healthzBound }.map {
            "sent \(since0($0.started)): \($0.status.map(String.init) ?? "no answer") after \(Self.seconds($0.answered - $0.started)) s"
        }, of: results.healthz.count, "/healthz probes of A were not 200 within \(Self.seconds(Self.healthzBound)) s")
        // /readyz answers within a second, and turns non-200 within five.
        Self.expectNone(results.readyz.filter { $0.status == nil || $0.answered - $0.started > Self.readyzBound }.map {
            "sent \(since0($0.started)): \($0.status.map(String.init) ?? "no answer") after \(Self.seconds($0.answered - $0.started)) s"
        }, of: results.readyz.count, "/readyz probes of A were not answered within \(Self.seconds(Self.readyzBound)) s")
        let firstNotReady = results.readyz.first { $0.status != nil && $0.status != 200 }
        #expect(firstNotReady.map { $0.answered - t0 <= Self.notReadyWithin } == true,
                "a balancer probing A's /readyz saw it ready until \(firstNotReady.map { since0($0.answered) } ?? "the end") (at most \(Self.seconds(Self.notReadyWithin)) s); statuses: \(Self.tally(results.readyz))")
        // B, with its own path, served every like.
        #expect(!results.likesOnB.isEmpty, "B was sent no likes during the partition")
        Self.expectNone(results.likesOnB.filter { $0.outcome != .acknowledged || $0.answered - $0.started > Self.answerBound }.map {
            "sent \(since0($0.started)): \($0.pair) \($0.outcome) after \(Self.seconds($0.answered - $0.started)) s"
        }, of: results.likesOnB.count, "likes through B (its own path to PostgreSQL) were not acknowledged in time")
        // No read on A staler than the window before a like B acknowledged.
        let stale = Self.staleReads(reads, likesOnB: history.filter { $0.instance == "B" } + results.likesOnB)
        Self.expectNone(stale.map {
            "read sent \(since0($0.read.started)) showed \($0.pair) \($0.shown ? "liked" : "not liked"); B acknowledged it \($0.acknowledged.isLiked ? "liked" : "not liked") \(since0($0.acknowledged.answered))"
        }, of: reads.count, "timeline reads on A showed a state older than \(Self.seconds(Self.stalenessWindow)) s before a like B acknowledged")

        // 3. After the partition: ready and liking again, within two seconds.
        #expect(recovery.readyAfter.map { $0 <= Self.recoveryWithin } == true,
                "after the network healed, A's /readyz was 200 \(recovery.readyAfter.map { "after \(Self.seconds($0)) s" } ?? "never") (within \(Self.seconds(Self.recoveryWithin)) s expected)")
        let firstRecoveredLike = recovery.likes.first { $0.outcome == .acknowledged }
        #expect(firstRecoveredLike.map { $0.answered - t1 <= Self.recoveryWithin } == true,
                "after the network healed, A acknowledged a like \(firstRecoveredLike.map { "after \(Self.seconds($0.answered - t1)) s" } ?? "never"): \(recovery.likes.map { "\($0.outcome)" })")

        // Each pair A's loops left unacknowledged is liked again until acknowledged, so its outcome is known.
        let settleBy = t1 + .seconds(10)
        var settled: [LikeAttempt] = []
        await withTaskGroup(of: [LikeAttempt].self) { group in
            for pair in Self.pairsOnA {
                let attempts = results.likesOnA.filter { $0.pair == pair }
                guard let last = attempts.last, last.outcome != .acknowledged else { continue }
                group.addTask {
                    let client = LoopClient(baseURL: a.baseURL, timeout: .seconds(5))
                    defer { client.invalidate() }
                    return await client.likeLoop(pair, through: "A", liked: !last.isLiked, until: settleBy, pace: .milliseconds(100), untilAcknowledged: true)
                }
            }
            for await attempts in group { settled += attempts }
        }
        let unsettled = Set(settled.map(\.pair)).filter { pair in !settled.contains { $0.pair == pair && $0.outcome == .acknowledged } }
        Self.expectNone(unsettled.map { "\($0)" }.sorted(), of: Self.pairsOnA.count, "likes through A still failed 10 s after the network healed")

        // 4. Every acknowledged like is in the database as last acknowledged.
        history += results.likesOnA + results.likesOnB + recovery.likes + settled
        let rows = try postgres.psql("SELECT moment_id || ' ' || user_id FROM moment_likes", database: database)
        let stored = Set(rows.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        for (pair, attempts) in Dictionary(grouping: history, by: \.pair) {
            guard let last = attempts.last(where: { $0.outcome == .acknowledged }) else { continue }
            // A like not acknowledged may still have committed, even after later ones (held bytes arrive
            // when the network heals): the final state is known only if each of them asked the same.
            guard attempts.allSatisfy({ $0.outcome == .acknowledged || $0.isLiked == last.isLiked }) else { continue }
            #expect(stored.contains("\(pair.momentID) \(pair.userID)") == last.isLiked,
                    "\(pair) was last acknowledged \(last.isLiked ? "liked" : "not liked") (through \(last.instance)), but the database holds the opposite")
        }

        // 5. Both stop cleanly.
        #expect(a.stop() == 0)
        #expect(b.stop() == 0)
    }

    /// The relay itself, without libpq: PostgreSQL answers an SSLRequest with
    /// one byte; while partitioned nothing comes back and nothing closes; healed, the answers arrive.
    @Test func relayHoldsBytesWhilePartitionedAndDeliversThemWhenHealed() throws {
        let relay = try TCPRelay(targetPort: PostgreSQLServer.shared().port)
        defer { relay.stop() }
        let open = try RawClient(port: relay.port, timeout: .seconds(5))
        try open.send(Self.sslRequest)
        #expect(try open.readSome(64) == 1, "PostgreSQL answers an SSLRequest through the relay with one byte")

        relay.partition()
        #expect(relay.isPartitioned)
        // The connect completes in the relay's backlog, then nothing answers (see TCPRelay).
        let late = try RawClient(port: relay.port, timeout: .seconds(5))
        try late.send(Self.sslRequest)
        try open.send(Self.startupMessage)
        #expect(!open.waitForReadable(within: .milliseconds(300)), "a startup message was answered (or the connection closed) during the partition")
        #expect(!late.waitForReadable(within: .milliseconds(300)), "a connection made during the partition was answered (or closed)")

        relay.heal()
        #expect(open.waitForReadable(within: .seconds(5)), "the held startup message was not answered after healing")
        #expect(try open.readSome(1) == 1)
        #expect(try late.readSome(64) == 1, "the held SSLRequest was not answered after healing")
        relay.stop()
        #expect(try late.waitForClose(within: .seconds(5)), "stop() left a relayed connection open")
        #expect(relay.failure == nil)
    }

    /// The staleness check itself, on made-up records: it catches a read begun more than the
    /// window after B's acknowledgment that shows the older state, and nothing a later like of B explains.
    @Test func staleReadCheckCatchesOnlyReadsOlderThanTheWindow() {
        let t0 = ContinuousClock.now
        let pair = Self.pairsOnB[0]
        let like = LikeAttempt(
            instance: "B", pair: pair, isLiked: true, started: t0, answered: t0 + .milliseconds(10), outcome: .acknowledged)
        let unlike = LikeAttempt(
            instance: "B", pair: pair, isLiked: false, started: t0 + .seconds(2), answered: t0 + .milliseconds(2010), outcome: .acknowledged)
        func read(at offset: Duration, showingLiked liked: Bool) -> TimelineRead {
            let likes = liked ? #"[{"id":"\#(pair.userID)"}]"# : "[]"
            let body = #"{"data":{"getMomentsDetailsByUserID":{"moments":[{"id":"\#(pair.momentID)","likes":\#(likes)}]}}}"#
            return TimelineRead(Answer(started: t0 + offset, answered: t0 + offset + .milliseconds(5), status: 200, body: Data(body.utf8)))
        }
        #expect(Self.staleReads([read(at: .milliseconds(500), showingLiked: false)], likesOnB: [like]).isEmpty)
        #expect(Self.staleReads([read(at: .milliseconds(1500), showingLiked: false)], likesOnB: [like]).count == 1)
        #expect(Self.staleReads([read(at: .milliseconds(1500), showingLiked: true)], likesOnB: [like]).isEmpty)
        #expect(Self.staleReads([read(at: .milliseconds(2500), showingLiked: false)], likesOnB: [like, unlike]).isEmpty)
        #expect(Self.staleReads([read(at: .milliseconds(3500), showingLiked: true)], likesOnB: [like, unlike]).count == 1)
    }

    /// PostgreSQL protocol, "SSLRequest": length 8, code 80877103.
    static let sslRequest: [UInt8] = [0, 0, 0, 8, 0x04, 0xD2, 0x16, 0x2F]

    /// PostgreSQL protocol, "StartupMessage": length, version 3.0, user and database, a final NUL.
    static let startupMessage: [UInt8] = {
        let parameters = Array("user\0postgres\0database\0postgres\0\0".utf8)
        let length = UInt32(8 + parameters.count)
        return withUnsafeBytes(of: length.bigEndian, Array.init) + [0, 3, 0, 0] + parameters
    }()
}
