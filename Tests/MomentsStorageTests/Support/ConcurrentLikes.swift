import Dispatch
import Locking
import Moments
@testable import MomentsStorage
import TestSupport

/// Users "0"..."users-1" each like and unlike moment "0" at random, all at
/// once, `rounds` times: the errors, and how many users' last word was a like.
enum ConcurrentLikes {
    static func run(_ service: LikeService, users: Int, rounds: Int) -> (failures: [String], liked: Int) {
        let failures = Recorder()
        let finals = Recorder()
        DispatchQueue.concurrentPerform(iterations: users) { thread in
            var random = SplitMix64(seed: UInt64(thread) + 40)
            var last = false
            for _ in 0..<rounds {
                last = random.next(below: 3) != 0
                do {
                    _ = try service.updateLike(momentID: "0", userID: String(thread), isLiked: last)
                } catch {
                    failures.append("\(error)")
                }
            }
            if last { finals.append(String(thread)) }
        }
        return (failures.values, finals.values.count)
    }
}
