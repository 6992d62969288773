@testable import Moments
@testable import MomentsStorage
@testable import SQLite

/// What the page of a timeline costs on the 1,000-user set and on a large
/// one (`--large`): a page of 20 and its likes, as the API reads them.
/// Cold: the read cache off, viewers spread over every user. Warm: the read
/// cache on, over a working set of 1,000 viewers read once before (on the
/// large set, every N/1,000-th user: the cache holds 2,000 timelines).
/// Also, without a ratio: the moments alone (`timeline`, no likes), the
/// second page (after a cursor; on the 1,000-user set it has 13 moments),
/// and on the large set the page of user 1's timeline holding the hot
/// moment (`--hot-moment-likes`: moment "0", user 0's), a deep one.
enum PageCost {
    static let pageSize = 20

    static func page(_ service: TimelineService, _ userID: String, after: TimelineCursor? = nil) throws {
        let page = try service.timeline(userID: userID, first: pageSize, after: after)
        _ = try service.likes(momentIDs: page.moments.map(\.id), viewerID: userID)
    }

    static func run(small: String, smallUsers: Int, large: String?) throws {
        guard Settings.runs("page") else { return }
        var figures: [String: (wall: Double, cpu: Double)] = [:]
        var sets = [("1k", small, smallUsers)]
        if let large { sets.append(("large", large, try userCount(large))) }
        for (name, path, users) in sets {
            let spread = (0..<users).map { String(($0 &* 7_919) % users) }
            let working = (0..<1_000).map { String($0 * max(1, users / 1_000)) }
            for (mode, cache) in [("cold", ReadCacheConfiguration.disabled), ("warm", ReadCacheConfiguration())] {
                let store = try MomentsStore.open(path: path, options: MomentsStore.Options(readers: 4, seedDemoData: false, cache: cache))
                defer { store.close() }
                let service = TimelineService(users: store.users, moments: store.moments, likes: store.likes)
                let viewers = mode == "cold" ? spread : working
                for viewer in working { try page(service, viewer) }
                figures["\(name) \(mode)"] = try single("page of 20 \(name) \(mode)") { index in
                    try page(service, viewers[index % viewers.count])
                }
                figures["\(name) \(mode) timeline"] = try single("page of 20 \(name) \(mode), moments only") { index in
                    _ = try service.timeline(userID: viewers[index % viewers.count], first: pageSize)
                }
                // The second page: after a cursor, past the cached head's first 20.
                let cursors = try working.map { try service.timeline(userID: $0, first: pageSize).endCursor }
                try single("page of 20 \(name) \(mode), 2nd") { index in
                    try page(service, working[index % working.count], after: cursors[index % working.count])
                }
                if name == "large", let hot = try hotPage(service) {
                    try single("page of 20 \(name) \(mode), hot moment") { _ in try page(service, "1", after: hot) }
                }
            }
        }
        // Second pages are not compared: on the 1,000-user set a timeline's second page has 13 moments.
        for mode in ["cold", "warm", "cold timeline", "warm timeline"] {
            if let small = figures["1k \(mode)"], let large = figures["large \(mode)"] {
                // Thread CPU time is what the page costs; wall time also counts a busy machine's waits.
                print(pad("page of 20 large / 1k, \(mode)") + "\(format(large.cpu / small.cpu))x cpu  \(format(large.wall / small.wall))x wall")
            }
        }
    }

    /// The cursor before the page of user 1's timeline that holds moment "0".
    static func hotPage(_ service: TimelineService) throws -> TimelineCursor? {
        var after: TimelineCursor?
        for _ in 0..<1_000 {
            let page = try service.timeline(userID: "1", first: pageSize, after: after)
            if page.moments.contains(where: { $0.id == "0" }) { return after }
            guard page.hasNextPage else { return nil }
            after = page.endCursor
        }
        return nil
    }

    static func userCount(_ path: String) throws -> Int {
        let connection = try Connection(path: path, mode: .readOnly)
        defer { connection.close() }
        guard case .integer(let count)? = try connection.scalar("SELECT count(*) FROM users") else { return 0 }
        return Int(count)
    }
}
