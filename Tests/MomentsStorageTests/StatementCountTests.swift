import Moments
import Testing
@testable import MomentsStorage

/// A timeline costs the same few statements whatever its size (no N+1), and
/// reads no like data unless likes are asked for: on the SQLite path, and on
/// the first (cold) read through the cache. Warm reads: `ReadCacheTests`.
struct StatementCountTests {
    struct SizeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let synthetic: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [SizeCase(name: "demo (5 moments)", synthetic: false), SizeCase(name: "synthetic (hundreds of moments)", synthetic: true)],
          ReadCacheTests.modes)
    func timelineIsThreeStatementsInOneTransactionAndLikesTwoMore(_ size: SizeCase, _ mode: ReadCacheTests.ModeCase) throws {
        let test = try TestStore(seedDemoData: !size.synthetic, cache: mode.cache) { path in
            if size.synthetic {
                try SyntheticData.write(to: path, users: 200, friends: 40, moments: 10, likes: 5, seed: 7, now: TestStore.now)
            }
        }
        let before = test.statements.values.count
        let timeline = try test.timelines.timeline(userID: "0")
        let timelineStatements = Array(test.statements.values.dropFirst(before))
        #expect(timeline.moments.count >= (size.synthetic ? 300 : 5))
        // One read transaction around the three reads: one snapshot, one WAL read lock.
        #expect(timelineStatements == [
            "BEGIN DEFERRED TRANSACTION",
            SQLiteUserRepository.userByID, SQLiteMomentRepository.timeline, SQLiteMomentRepository.photos,
            "COMMIT TRANSACTION",
        ])
        #expect(!timelineStatements.contains { $0.contains("moment_likes") })

        let afterTimeline = test.statements.values.count
        _ = try test.timelines.likes(momentIDs: timeline.moments.map(\.id), viewerID: "0")
        #expect(Array(test.statements.values.dropFirst(afterTimeline)) == [
            "BEGIN DEFERRED TRANSACTION", SQLiteLikeRepository.likers, SQLiteLikeRepository.likerProfiles, "COMMIT TRANSACTION",
        ])
    }
}
