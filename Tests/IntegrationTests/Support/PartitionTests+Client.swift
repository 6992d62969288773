import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import MomentsAPI
import Testing
import TestSupport

// MARK: The client

extension PartitionTests {
    /// An HTTP answer (or its absence) with when it was asked and answered.
    struct Answer: Sendable {
        var started: ContinuousClock.Instant
        var answered: ContinuousClock.Instant
        /// Nil when no HTTP answer came (the client's timeout, a reset).
        var status: Int?
        var retryAfter: String? = nil
        var body: Data
        var failure: String? = nil

        var json: [String: Any]? { (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] }

        /// The first error's `extensions.code`.
        var errorCode: String? {
            ((json?["errors"] as? [[String: Any]])?.first?["extensions"] as? [String: Any])?["code"] as? String
        }

        var summary: String {
            guard let status else { return "no answer: \(failure ?? "")" }
            return "\(status) \(String(decoding: body.prefix(300), as: UTF8.self))"
        }
    }

    /// A URLSession of its own per loop (so a probe never queues behind a
    /// hanging like for one of URLSession's connections), giving up after `timeout`.
    /// Requests go to 127.0.0.1, so the Host header is a loopback one.
    struct LoopClient: Sendable {
        let baseURL: URL
        let session: URLSession
        let timeout: Duration

        init(baseURL: URL, timeout: Duration) {
            self.baseURL = baseURL
            self.timeout = timeout
            let configuration = URLSessionConfiguration.ephemeral
            let seconds = Double(timeout.components.seconds)
            configuration.timeoutIntervalForRequest = seconds
            configuration.timeoutIntervalForResource = seconds
            session = URLSession(configuration: configuration)
        }

        func invalidate() {
            session.finishTasksAndInvalidate()
        }

        func get(_ path: String) async -> Answer {
            await send(URLRequest(url: baseURL.appendingPathComponent(path)))
        }

        func timeline(userID: String = "0") async -> Answer {
            await graphQL(AppDocuments.timeline, ["userID": userID, "withLikes": true])
        }

        func like(_ pair: LikePair, isLiked: Bool, through instance: String) async -> LikeAttempt {
            let answer = await graphQL(AppDocuments.updateLike, ["momentID": pair.momentID, "userID": pair.userID, "isLiked": isLiked])
            let outcome: LikeOutcome
            if let status = answer.status {
                let acknowledged = (answer.json?["data"] as? [String: Any])?["updateMomentLike"] is [String: Any]
                outcome = acknowledged ? .acknowledged : .refused(status: status, code: answer.errorCode, retryAfter: answer.retryAfter)
            } else {
                outcome = .noAnswer(answer.failure ?? "")
            }
            return LikeAttempt(instance: instance, pair: pair, isLiked: isLiked, started: answer.started, answered: answer.answered, outcome: outcome)
        }

        /// Likes `pair` until `end`, flipping it after each acknowledgment and asking the same again
        /// after a failure (as a user tapping again would); `untilAcknowledged` stops at the first acknowledgment.
        func likeLoop(
            _ pair: LikePair, through instance: String, liked: Bool, until end: ContinuousClock.Instant, pace: Duration,
            untilAcknowledged: Bool = false
        ) async -> [LikeAttempt] {
            var liked = liked
            var attempts: [LikeAttempt] = []
            while ContinuousClock.now < end {
                let attempt = await like(pair, isLiked: !liked, through: instance)
                attempts.append(attempt)
                if attempt.outcome == .acknowledged {
                    liked.toggle()
                    if untilAcknowledged { break }
                }
                try? await Task.sleep(until: attempt.started + pace, clock: .continuous)
            }
            return attempts
        }

        private func graphQL(_ query: String, _ variables: [String: Any]) async -> Answer {
            var request = URLRequest(url: baseURL.appendingPathComponent("/graphql"))
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            for (name, value) in GraphQLClient.appHeaders { request.setValue(value, forHTTPHeaderField: name) }
            request.httpBody = try? JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
            return await send(request)
        }

        private func send(_ request: URLRequest) async -> Answer {
            var request = request
            request.timeoutInterval = Double(timeout.components.seconds)
            let started = ContinuousClock.now
            do {
                let (data, response) = try await session.data(for: request)
                let answered = ContinuousClock.now
                guard let http = response as? HTTPURLResponse else {
                    return Answer(started: started, answered: answered, status: nil, body: data, failure: "not HTTP")
                }
                return Answer(
                    started: started, answered: answered, status: http.statusCode,
                    retryAfter: http.value(forHTTPHeaderField: "Retry-After"), body: data)
            } catch {
                return Answer(started: started, answered: ContinuousClock.now, status: nil, body: Data(), failure: "\(error)")
            }
        }
    }
}
