import Dispatch
import Foundation
import Locking
import Moments
import Testing
@testable import MomentsStorage
import TestSupport

/// Likes and unlikes racing with readers that fill the cache: a reader that
/// loaded likers from a snapshot older than a commit must not store them
/// after the writer invalidated, so every read after an acknowledged write
/// reflects it.
struct ReadCacheRaceTests {
    static let writers = 4
    static let readers = 4
    static let writesPerWriter = 300
    /// Upper bound on a reader's loop; readers stop earlier, when the writers are done.
    static let maxReadsPerReader = 5_000
    /// Few moments, so writers and readers keep meeting on the same ones.
    static let momentIDs = ["0", "1", "2", "3"]

    @Test func everyReadAfterAnAcknowledgedWriteReflectsIt() throws {
        let users = Self.writers + Self.readers
        // Everyone is friends with everyone: every moment is visible to all.
        let test = try TestStore(seedDemoData: false, readers: 4) { path in
            try SyntheticData.write(to: path, users: users, friends: users, moments: 1, likes: 0, seed: 5, now: TestStore.now)
        }
        let likes = test.store.likes
        let failures = Recorder()
        let writersLeft = Counter(Self.writers)
        DispatchQueue.concurrentPerform(iterations: users) { thread in
            let user = String(thread)
            if thread < Self.writers {
                defer { writersLeft.decrement() }
                // Only this thread changes `user`'s likes, so it knows what each read must say.
                var known: [String: Bool] = [:]
                var random = SplitMix64(seed: UInt64(thread) + 100)
                for operation in 0..<Self.writesPerWriter {
                    let moment = Self.momentIDs[random.next(below: Self.momentIDs.count)]
                    let isLiked = random.next(below: 2) == 0
                    do {
                        try likes.setLike(momentID: moment, userID: user, isLiked: isLiked)
                        known[moment] = isLiked
                        let read = try likes.likes(momentIDs: Self.momentIDs, viewerID: user, likers: 100)
                        for (id, expected) in known {
                            let seen = read[UTF8Key(id)]?.isLikedByViewer
                            let listed = read[UTF8Key(id)]?.likers.contains { $0.id == user }
                            if seen != expected || listed != expected {
                                failures.append("user \(user) op \(operation): moment \(id) should be liked=\(expected), read isLiked=\(String(describing: seen)) listed=\(String(describing: listed))")
                            }
                        }
                    } catch {
                        failures.append("user \(user): \(error)")
                    }
                }
            } else {
                for _ in 0..<Self.maxReadsPerReader where writersLeft.value > 0 {
                    do {
                        let read = try likes.likes(momentIDs: Self.momentIDs, viewerID: user, likers: 100)
                        for (id, entry) in read where Set(entry.likers.map(\.id)).count != entry.likers.count {
                            failures.append("moment \(id) lists a liker twice")
                        }
                    } catch {
                        failures.append("reader \(user): \(error)")
                    }
                }
            }
        }
        #expect(failures.values == [])
        // And the cache agrees with the file at the end.
        let onDisk = try test.inspect { connection in
            try connection.withStatement("SELECT moment_id, user_id FROM moment_likes ORDER BY moment_id, liked_at, user_id") { statement in
                var likers: [UTF8Key: [String]] = [:]
                try statement.forEachRow { likers[UTF8Key($0.text(at: 0)), default: []].append($0.text(at: 1)) }
                return likers
            }
        }
        let cached = try likes.likes(momentIDs: Self.momentIDs, viewerID: "none", likers: 100)
        #expect(cached.mapValues { $0.likers.map(\.id) }.filter { !$0.value.isEmpty } == onDisk)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int

    init(_ count: Int) { self.count = count }

    func decrement() {
        lock.lock()
        defer { lock.unlock() }
        count -= 1
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}
