import Dispatch
import Foundation
import Locking
import Moments
import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

/// Many threads liking and unliking at once: every operation is acknowledged
/// or fails visibly, and the final state is what the acknowledged operations imply.
struct ConcurrencyTests {
    static let threads = 16
    static let operationsPerThread = 60

    @Test func concurrentLikesAndUnlikesEndInTheAcknowledgedState() throws {
        // Users 0..15 are each friends with every other (friends: 16), so every moment is visible to all.
        let test = try TestStore(seedDemoData: false, readers: 4) { path in
            try SyntheticData.write(to: path, users: Self.threads, friends: Self.threads, moments: 2, likes: 0, seed: 3, now: TestStore.now)
        }
        let service = test.likeService
        let failures = Recorder()
        let momentIDs = (0..<(Self.threads * 2)).map(String.init)
        // Thread t owns user t: its last acknowledged operation on each moment decides that like.
        let finals = FinalStates()
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            let user = String(thread)
            var random = SplitMix64(seed: UInt64(thread))
            var last: [String: Bool] = [:]
            for _ in 0..<Self.operationsPerThread {
                // Half the operations hit moment "0", which every thread shares.
                let moment = random.next(below: 2) == 0 ? "0" : momentIDs[random.next(below: momentIDs.count)]
                let isLiked = random.next(below: 2) == 0
                do {
                    _ = try service.updateLike(momentID: moment, userID: user, isLiked: isLiked)
                    last[moment] = isLiked
                } catch {
                    failures.append("\(error)")
                }
            }
            finals.record(user: user, last)
        }
        #expect(failures.values == [])
        let expected = finals.likedPairs()
        let actual = try test.inspect { connection in
            try connection.withStatement("SELECT moment_id, user_id FROM moment_likes") { statement in
                var pairs: Set<String> = []
                try statement.forEachRow { pairs.insert($0.text(at: 0) + "/" + $0.text(at: 1)) }
                return pairs
            }
        }
        #expect(actual == expected)
    }

    @Test func concurrentDoubleLikesKeepOneLike() throws {
        let test = try TestStore()
        let service = test.likeService
        let failures = Recorder()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                _ = try service.updateLike(momentID: "4", userID: "1", isLiked: true)
            } catch {
                failures.append("\(error)")
            }
        }
        #expect(failures.values == [])
        let likes = try test.timelines.likes(momentIDs: ["4"], viewerID: "1")
        #expect(likes["4"]?.likers.map(\.id) == ["1"])
    }
}

private final class FinalStates: @unchecked Sendable {
    private let lock = NSLock()
    private var pairs: Set<String> = []

    func record(user: String, _ last: [String: Bool]) {
        lock.lock()
        defer { lock.unlock() }
        for (moment, isLiked) in last where isLiked {
            pairs.insert(moment + "/" + user)
        }
    }

    func likedPairs() -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        return pairs
    }
}
