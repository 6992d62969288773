import CoreMetrics
import Moments
import PostgreSQL

/// Likes in `moment_likes` on PostgreSQL: a page's likes are two statements
/// in one snapshot (who likes what, then each distinct liker's profile
/// once); a like is one autocommitted statement, committed with
/// `synchronous_commit = on` (set on every connection) before it returns.
final class PostgreSQLLikeRepository: LikeRepository {
    static let likers = """
        SELECT j.n, l.user_id
        FROM unnest($1::text[]) WITH ORDINALITY AS j(id, n)
        JOIN moment_likes AS l ON l.moment_id = j.id
        ORDER BY j.n, l.liked_at, l.user_id
        """
    static let likerProfiles = """
        SELECT u.id, u.name, u.avatar, u.background_image
        FROM users AS u WHERE u.id = ANY($1::text[])
        """
    /// Liking twice keeps the first like and its time.
    static let insert = """
        INSERT INTO moment_likes (moment_id, user_id, liked_at) VALUES ($1, $2, $3)
        ON CONFLICT (moment_id, user_id) DO NOTHING
        """
    static let delete = "DELETE FROM moment_likes WHERE moment_id = $1 AND user_id = $2"

    private let pool: PGPool
    private let clock: @Sendable () -> Int64
    private let commits: CommitMetrics

    init(pool: PGPool, clock: @escaping @Sendable () -> Int64, commits: CommitMetrics = CommitMetrics(factory: NOOPMetricsHandler.instance)) {
        self.pool = pool
        self.clock = clock
        self.commits = commits
    }

    func likes(momentIDs: [String], viewerID: String) throws -> [String: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        var likerIDs = [[String]](repeating: [], count: momentIDs.count)
        var profiles: [String: User] = [:]
        try pool.transaction(.snapshotRead) { connection in
            var distinct: [String] = []
            var seen: Set<String> = []
            let rows = try connection.query(Self.likers, [.text(PGArray.encode(momentIDs))])
            for row in 0..<rows.count {
                let index = Int(try rows.int64(row, 0)) - 1
                guard likerIDs.indices.contains(index) else { continue }
                let id = rows.text(row, 1)
                likerIDs[index].append(id)
                if seen.insert(id).inserted { distinct.append(id) }
            }
            guard !distinct.isEmpty else { return }
            let users = try connection.query(Self.likerProfiles, [.text(PGArray.encode(distinct))])
            for row in 0..<users.count {
                let user = users.user(row, at: 0)
                profiles[user.id] = user
            }
        }
        return likesByMoment(momentIDs, likerIDs: likerIDs, profiles: profiles, viewerID: viewerID)
    }

    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        let likedAt = clock()
        try pool.withConnection { connection in
            let sql = isLiked ? Self.insert : Self.delete
            let parameters: [PGValue] = isLiked ? [.text(momentID), .text(userID), .integer(likedAt)] : [.text(momentID), .text(userID)]
            // The statement is its own transaction: its time is the commit's.
            let started = ContinuousClock.now
            _ = try connection.query(sql, parameters)
            commits.committed(operations: 1, duration: ContinuousClock.now - started)
        }
    }
}
