import Moments
import SQLite
import Testing
@testable import MomentsStorage

/// A timeline page costs the same few statements whatever its size and
/// wherever it starts (no N+1), and reads no like data unless likes are
/// asked for: on the SQLite path, and on the first (cold) read through the
/// cache. Warm reads: `ReadCacheTests`.
struct StatementCountTests {
    struct SizeCase: Sendable, CustomTestStringConvertible {
        let name: String
        let synthetic: Bool
        var testDescription: String { name }
    }

    static let timelineStatements = [
        "BEGIN DEFERRED TRANSACTION", SQLiteUserRepository.userByID, SQLiteMomentRepository.timelineFirstPage,
        SQLiteMomentRepository.photos, "COMMIT TRANSACTION",
    ]
    static let likesStatements = [
        "BEGIN DEFERRED TRANSACTION", SQLiteLikeRepository.likers, SQLiteLikeRepository.likerProfiles, "COMMIT TRANSACTION",
    ]

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
        // The default page: the whole demo timeline, the first 100 of the synthetic one (410).
        #expect(timeline.moments.count == (size.synthetic ? 100 : 5))
        #expect(timeline.hasNextPage == size.synthetic)
        // One read transaction around the three reads: one snapshot, one WAL read lock.
        #expect(timelineStatements == Self.timelineStatements)
        #expect(!timelineStatements.contains { $0.contains("moment_likes") })

        let afterTimeline = test.statements.values.count
        _ = try test.timelines.likes(momentIDs: timeline.moments.map(\.id), viewerID: "0")
        #expect(Array(test.statements.values.dropFirst(afterTimeline)) == Self.likesStatements)
    }

    /// Every page of 20, the first and those after a cursor, is the same
    /// statements, whatever the page's depth in a 410-moment timeline.
    @Test(arguments: ReadCacheTests.modes)
    func everyPageIsTheSameStatements(_ mode: ReadCacheTests.ModeCase) throws {
        let test = try TestStore(seedDemoData: false, cache: mode.cache) { path in
            try SyntheticData.write(to: path, users: 200, friends: 40, moments: 10, likes: 5, seed: 7, now: TestStore.now)
        }
        var after: TimelineCursor?
        var pages = 0
        repeat {
            let before = test.statements.values.count
            let page = try test.timelines.timeline(userID: "0", first: 20, after: after)
            let ran = Array(test.statements.values.dropFirst(before))
            if after == nil, mode.cache.isEnabled {
                // The first page comes from the cached head, read once as a page of 100.
                #expect(ran == Self.timelineStatements)
            } else {
                let pageRead = after == nil ? SQLiteMomentRepository.timelineFirstPage : SQLiteMomentRepository.timelineAfterCursor
                #expect(ran == ["BEGIN DEFERRED TRANSACTION", SQLiteUserRepository.userByID, pageRead, SQLiteMomentRepository.photos, "COMMIT TRANSACTION"]
                    || (mode.cache.isEnabled && ran.isEmpty), "page \(pages)")
            }
            let likesBefore = test.statements.values.count
            _ = try test.timelines.likes(momentIDs: page.moments.map(\.id), viewerID: "0")
            let likes = Array(test.statements.values.dropFirst(likesBefore))
            #expect(likes == Self.likesStatements || (mode.cache.isEnabled && likes.isEmpty), "page \(pages)")
            after = page.endCursor
            pages += 1
            if !page.hasNextPage { break }
        } while pages < 100
        #expect(pages == 21)  // 410 moments
    }

    /// The SQL of a page does work that follows the page and the number of
    /// authors, not their history: the same page on authors with 20 times
    /// more moments each costs about the same virtual-machine steps.
    @Test func aPageCostsTheSameWhateverTheHistory() throws {
        func steps(momentsPerUser: Int, after: TimelineCursor?) throws -> Int {
            let test = try TestStore(seedDemoData: false, cache: .disabled) { path in
                try SyntheticData.write(to: path, users: 60, friends: 20, moments: momentsPerUser, likes: 0, seed: 9, now: TestStore.now)
            }
            return try test.inspect { connection in
                let sql = after == nil ? SQLiteMomentRepository.timelineFirstPage : SQLiteMomentRepository.timelineAfterCursor
                let statement = try connection.prepare(sql)
                var arguments: [SQLiteValue] = ["0", 21]
                if let after { arguments += [.integer(after.createdDate), .text(after.momentID)] }
                try statement.bind(arguments)
                var rows = 0
                while try statement.step() { rows += 1 }
                #expect(rows == 21)
                return statement.virtualMachineSteps
            }
        }
        // A cursor older than every synthetic moment's creation would be an empty page; one at "now" is the first page's equal.
        let cursor = TimelineCursor(createdDate: TestStore.now + 1, momentID: "")
        for after in [nil, cursor] {
            let short = try steps(momentsPerUser: 5, after: after)
            let long = try steps(momentsPerUser: 100, after: after)
            #expect(long < short * 3 / 2, "VM steps: \(short) with 5 moments per author, \(long) with 100")
        }
    }
}
