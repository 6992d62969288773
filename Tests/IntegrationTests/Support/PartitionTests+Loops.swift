import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MomentsAPI
import Testing
import TestSupport

// MARK: The loops

extension PartitionTests {
    /// Reads user 0's timeline with likes on A (POST: never the HTTP response cache), every 100 ms.
    static func readLoop(_ baseURL: URL, until end: ContinuousClock.Instant) async -> [TimelineRead] {
        let client = LoopClient(baseURL: baseURL, timeout: answerBound + .seconds(3))
        defer { client.invalidate() }
        var reads: [TimelineRead] = []
        while ContinuousClock.now < end {
            let read = TimelineRead(await client.timeline())
            reads.append(read)
            try? await Task.sleep(until: read.started + .milliseconds(100), clock: .continuous)
        }
        return reads
    }

    static func probeLoop(_ baseURL: URL, _ path: String, every pace: Duration, until end: ContinuousClock.Instant) async -> [Answer] {
        let client = LoopClient(baseURL: baseURL, timeout: .seconds(3))
        defer { client.invalidate() }
        var probes: [Answer] = []
        while ContinuousClock.now < end {
            let probe = await client.get(path)
            probes.append(probe)
            try? await Task.sleep(until: probe.started + pace, clock: .continuous)
        }
        return probes
    }

    /// Likes through B every 250 ms, toggling `pairsOnB` in turn.
    static func rotatingLikeLoop(_ baseURL: URL, until end: ContinuousClock.Instant) async -> [LikeAttempt] {
        let client = LoopClient(baseURL: baseURL, timeout: answerBound + .seconds(3))
        defer { client.invalidate() }
        var liked = Dictionary(uniqueKeysWithValues: pairsOnB.map { ($0, likedInDemo.contains($0)) })
        var attempts: [LikeAttempt] = []
        var turn = 0
        while ContinuousClock.now < end {
            let pair = pairsOnB[turn % pairsOnB.count]
            turn += 1
            let attempt = await client.like(pair, isLiked: !(liked[pair] ?? false), through: "B")
            if attempt.outcome == .acknowledged { liked[pair] = attempt.isLiked }
            attempts.append(attempt)
            try? await Task.sleep(until: attempt.started + .milliseconds(250), clock: .continuous)
        }
        return attempts
    }

    /// Heals the relay at `end`, then probes A's `/readyz` and likes through A until each succeeds
    /// or `recoveryWithin` has passed.
    static func heal(_ relay: TCPRelay, at end: ContinuousClock.Instant, instance baseURL: URL) async -> Recovery {
        try? await Task.sleep(until: end, clock: .continuous)
        let healedAt = ContinuousClock.now
        relay.heal()
        let deadline = healedAt + recoveryWithin
        async let readyAfter: Duration? = {
            let client = LoopClient(baseURL: baseURL, timeout: .seconds(2))
            defer { client.invalidate() }
            while ContinuousClock.now < deadline {
                let probe = await client.get("/readyz")
                if probe.status == 200 { return probe.answered - healedAt }
                try? await Task.sleep(until: probe.started + .milliseconds(100), clock: .continuous)
            }
            return nil
        }()
        let client = LoopClient(baseURL: baseURL, timeout: .seconds(5))
        defer { client.invalidate() }
        let likes = await client.likeLoop(recoveryOnA, through: "A", liked: false, until: deadline, pace: .milliseconds(50), untilAcknowledged: true)
        return Recovery(healedAt: healedAt, readyAfter: await readyAfter, likes: likes)
    }

    struct Violation {
        var read: TimelineRead
        var pair: LikePair
        var shown: Bool
        var acknowledged: LikeAttempt
    }

    /// Reads on A that began more than the window after a like B acknowledged, yet show an
    /// older state of its pair: one B's later requests (acknowledged or not) cannot explain.
    static func staleReads(_ reads: [TimelineRead], likesOnB: [LikeAttempt]) -> [Violation] {
        var violations: [Violation] = []
        for read in reads {
            guard let served = read.served else { continue }
            for pair in pairsOnB {
                let onPair = likesOnB.filter { $0.pair == pair }
                guard let settled = onPair.last(where: { $0.outcome == .acknowledged && $0.answered + stalenessWindow <= read.started }) else { continue }
                let newer = onPair.filter { $0.started > settled.answered && $0.started < read.answered }.map(\.isLiked)
                let shown = served[pair.momentID]?.contains(pair.userID) ?? false
                if shown != settled.isLiked && !newer.contains(shown) {
                    violations.append(Violation(read: read, pair: pair, shown: shown, acknowledged: settled))
                }
            }
        }
        return violations
    }

    /// One issue per kind of problem: how many, and the first few as a user would see them.
    static func expectNone(_ problems: [String], of total: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        guard !problems.isEmpty else { return }
        let shown = problems.prefix(5).map { "  " + $0 }.joined(separator: "\n")
        Issue.record(Comment(rawValue: "\(problems.count) of \(total) \(what):\n\(shown)"), sourceLocation: sourceLocation)
    }

    /// "200×12, 503×40" in order of appearance.
    static func tally(_ probes: [Answer]) -> String {
        var runs: [(String, Int)] = []
        for probe in probes {
            let status = probe.status.map(String.init) ?? "none"
            if runs.last?.0 == status { runs[runs.count - 1].1 += 1 } else { runs.append((status, 1)) }
        }
        return runs.map { "\($0.0)×\($0.1)" }.joined(separator: ", ")
    }

    static func seconds(_ duration: Duration) -> String {
        let (whole, fraction) = duration.components
        return String(format: "%.2f", Double(whole) + Double(fraction) / 1e18)
    }
}
