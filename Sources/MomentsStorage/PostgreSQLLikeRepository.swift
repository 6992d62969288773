import CoreMetrics
import Locking
import Moments
import PostgreSQL

/// Likes in `moment_likes` on PostgreSQL: a page's likes are two
/// statements in one snapshot (each moment's count and first likers, then
/// each distinct liker's profile once), and a third only when a moment's
/// likers were cut before the viewer; a like is one autocommitted
/// statement, committed with `synchronous_commit = on` (set on every
/// connection) before it returns, its count kept by the triggers generated
/// from `schema.sql` in the same transaction.
final class PostgreSQLLikeRepository: LikeRepository {
    /// Per moment of a page (`j.n` its place, from 1), its like count (kept,
    /// not counted) and its first $2 likers, oldest like first (ties: user
    /// id), one row each (one with no liker for a moment without likes):
    /// a LATERAL scan of `moment_likes_by_time` that stops there.
    static let likers = """
        SELECT j.n, coalesce(c.likes, 0), l.user_id
        FROM unnest($1::text[]) WITH ORDINALITY AS j(id, n)
        LEFT JOIN moment_like_counts AS c ON c.moment_id = j.id
        LEFT JOIN LATERAL (
            SELECT s.user_id, s.liked_at FROM moment_likes AS s WHERE s.moment_id = j.id
            ORDER BY s.liked_at, s.user_id LIMIT $2) AS l ON true
        ORDER BY j.n, l.liked_at, l.user_id
        """
    static let likerProfiles = """
        SELECT u.id, u.name, u.avatar, u.background_image
        FROM users AS u WHERE u.id = ANY($1::text[])
        """
    /// The moments of a page the viewer ($2) likes: for those whose likers
    /// were cut before the viewer.
    static let likedByViewer = """
        SELECT l.moment_id FROM moment_likes AS l WHERE l.moment_id = ANY($1::text[]) AND l.user_id = $2
        """
    /// Liking twice keeps the first like and its time.
    static let insert = """
        INSERT INTO moment_likes (moment_id, user_id, liked_at) VALUES ($1, $2, $3)
        ON CONFLICT (moment_id, user_id) DO NOTHING
        """
    static let delete = "DELETE FROM moment_likes WHERE moment_id = $1 AND user_id = $2"

    private let reads: ReadRouting
    private let clock: @Sendable () -> Int64
    private let commits: CommitMetrics
    /// Wraps a like's round trip to its commit, as SQLite's writer wraps its fsync wait
    /// (`DatabaseConfiguration.whileWaitingForCommit`): the server's handler pool runs
    /// another request meanwhile.
    private let whileWaitingForCommit: @Sendable (() -> Void) -> Void

    init(
        reads: ReadRouting, clock: @escaping @Sendable () -> Int64,
        commits: CommitMetrics = CommitMetrics(factory: NOOPMetricsHandler.instance),
        whileWaitingForCommit: @escaping @Sendable (() -> Void) -> Void = { $0() }
    ) {
        self.reads = reads
        self.clock = clock
        self.commits = commits
        self.whileWaitingForCommit = whileWaitingForCommit
    }

    func likes(momentIDs: [String], viewerID: String, likers limit: Int) throws -> [UTF8Key: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        var read = LikesRead(momentCount: momentIDs.count, limit: limit)
        try reads.servingTransaction(.snapshotRead, moments: momentIDs) { connection in
            let rows = try connection.query(Self.likers, [.text(PGArray.encode(momentIDs)), .integer(Int64(limit))])
            for row in 0..<rows.count {
                read.add(at: Int(try rows.int64(row, 0)) - 1, count: Int(try rows.int64(row, 1)), liker: rows.optionalText(row, 2))
            }
            let undecided = read.undecided(viewerID: viewerID)
            if !undecided.isEmpty {
                let liked = try Self.likedMoments(undecided.map { momentIDs[$0] }, by: viewerID, on: connection)
                for index in undecided where liked.contains(UTF8Key(momentIDs[index])) { read.setLikedByViewer(at: index) }
            }
            guard !read.distinctLikers.isEmpty else { return }
            let users = try connection.query(Self.likerProfiles, [.text(PGArray.encode(read.distinctLikers))])
            for row in 0..<users.count { read.addProfile(users.user(row, at: 0)) }
        }
        return read.likesByMoment(momentIDs, viewerID: viewerID)
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        guard !momentIDs.isEmpty else { return [] }
        return try reads.serving(moments: momentIDs) { connection in try Self.likedMoments(momentIDs, by: viewerID, on: connection) }
    }

    private static func likedMoments(_ momentIDs: [String], by viewerID: String, on connection: PGConnection) throws -> Set<UTF8Key> {
        let rows = try connection.query(likedByViewer, [.text(PGArray.encode(momentIDs)), .text(viewerID)])
        return Set((0..<rows.count).map { UTF8Key(rows.text($0, 0)) })
    }

    /// Written on the calling thread (libpq is synchronous); meanwhile the
    /// handler pool counts the thread as blocked (`whileWaitingForCommit`).
    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        let likedAt = clock()
        var outcome: Result<Void, any Error> = .success(())
        whileWaitingForCommit {
            outcome = Result {
                try reads.primary.serving { connection in
                    let sql = isLiked ? Self.insert : Self.delete
                    let parameters: [PGValue] = isLiked ? [.text(momentID), .text(userID), .integer(likedAt)] : [.text(momentID), .text(userID)]
                    // The statement is its own transaction: its time is the commit's.
                    let started = ContinuousClock.now
                    _ = try connection.query(sql, parameters)
                    commits.committed(operations: 1, duration: ContinuousClock.now - started)
                }
            }
        }
        try outcome.get()
    }
}
