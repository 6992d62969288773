import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MomentsAPI
import Testing
import TestSupport

// MARK: What the loops record

extension PartitionTests {
    struct LikePair: Hashable, Sendable, CustomStringConvertible {
        var momentID: String
        var userID: String
        var description: String { "(moment \(momentID), user \(userID))" }
    }

    /// A like as the app sees its answer.
    enum LikeOutcome: Equatable, Sendable, CustomStringConvertible {
        case acknowledged
        /// Answered without `updateMomentLike`: the first error's `extensions.code`.
        case refused(status: Int, code: String?, retryAfter: String?)
        case noAnswer(String)

        var isAnswered: Bool {
            if case .noAnswer = self { return false }
            return true
        }

        var description: String {
            switch self {
            case .acknowledged: "acknowledged"
            case let .refused(status, code, _): "\(status) \(code ?? "without a code")"
            case let .noAnswer(reason): "no answer (\(reason))"
            }
        }
    }

    struct LikeAttempt: Sendable {
        var instance: String
        var pair: LikePair
        var isLiked: Bool
        var started: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        var outcome: LikeOutcome
    }

    struct TimelineRead: Sendable {
        var started: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        var isAnswered: Bool
        /// Each moment's likers, when the timeline was served.
        var served: [String: Set<String>]?
        var code: String?
        var summary: String

        init(_ answer: Answer) {
            started = answer.started
            answered = answer.answered
            isAnswered = answer.status != nil
            summary = answer.summary
            let json = answer.json
            let moments = ((json?["data"] as? [String: Any])?["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]]
            served = moments.map { moments in
                Dictionary(moments.compactMap { moment in
                    (moment["id"] as? String).map { id in
                        (id, Set(((moment["likes"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }))
                    }
                }, uniquingKeysWith: { first, _ in first })
            }
            code = answer.errorCode
        }
    }

    struct Recovery: Sendable {
        var healedAt: ContinuousClock.Instant
        /// From healing to the first `/readyz` 200, if within `recoveryWithin`.
        var readyAfter: Duration?
        var likes: [LikeAttempt]
    }

    enum LoopResult: Sendable {
        case likesOnA([LikeAttempt])
        case readsOnA([TimelineRead])
        case healthz([Answer])
        case readyz([Answer])
        case likesOnB([LikeAttempt])
        case recovery(Recovery)
    }

    struct LoopResults {
        var likesOnA: [LikeAttempt] = []
        var readsOnA: [TimelineRead] = []
        var healthz: [Answer] = []
        var readyz: [Answer] = []
        var likesOnB: [LikeAttempt] = []
        var recovery: Recovery?

        mutating func add(_ result: LoopResult) {
            switch result {
            case .likesOnA(let attempts): likesOnA += attempts
            case .readsOnA(let reads): readsOnA += reads
            case .healthz(let probes): healthz += probes
            case .readyz(let probes): readyz += probes
            case .likesOnB(let attempts): likesOnB += attempts
            case .recovery(let recovery): self.recovery = recovery
            }
        }
    }
}
