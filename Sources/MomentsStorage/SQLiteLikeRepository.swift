import Locking
import Moments
import SQLite

/// Likes in `moment_likes`: a page's likes are two statements in one read
/// transaction (each moment's count and first likers, then each distinct
/// liker's profile once), and a third only when a moment's likers were cut
/// before the viewer; writes go through the pool's group-committed writer,
/// and `schema.sql`'s triggers keep the counts in the same transaction.
final class SQLiteLikeRepository: LikeRepository {
    /// Per moment of a page (`j.key` its index), its like count (kept, not
    /// counted) and its first ?2 likers, oldest like first (ties: user id),
    /// one row each (one row with no liker for a moment without likes):
    /// a range of the covering index `moment_likes_by_time`. A moment with
    /// more than ?2 likes is cut at its ?2-th like's time (found by walking
    /// ?2 entries), so however many like it, about ?2 entries are read.
    /// Profiles are read apart: the same few users like many moments of a
    /// page, and narrow rows sort faster.
    static let likers = """
        SELECT j.key, coalesce(c.likes, 0), l.user_id
        FROM json_each(?1) AS j
        LEFT JOIN moment_like_counts AS c ON c.moment_id = j.value
        LEFT JOIN moment_likes AS l ON l.moment_id = j.value AND l.liked_at <= coalesce(CASE WHEN c.likes > ?2 THEN (
            SELECT s.liked_at FROM moment_likes AS s WHERE s.moment_id = j.value
            ORDER BY s.liked_at, s.user_id LIMIT 1 OFFSET ?2 - 1) END, 9223372036854775807)
        ORDER BY j.key, l.liked_at, l.user_id
        """
    /// The profiles of the distinct likers of a page.
    static let likerProfiles = """
        SELECT u.id, u.name, u.avatar, u.background_image
        FROM json_each(?1) AS j
        JOIN users AS u ON u.id = j.value
        """
    /// The moments of a page the viewer (?2) likes: for those whose likers
    /// were cut before the viewer.
    static let likedByViewer = """
        SELECT l.moment_id
        FROM json_each(?1) AS j
        JOIN moment_likes AS l ON l.moment_id = j.value AND l.user_id = ?2
        """
    /// Liking twice keeps the first like and its time.
    static let insert = """
        INSERT INTO moment_likes (moment_id, user_id, liked_at) VALUES (?1, ?2, ?3)
        ON CONFLICT (moment_id, user_id) DO NOTHING
        """
    static let delete = "DELETE FROM moment_likes WHERE moment_id = ?1 AND user_id = ?2"

    private let pool: DatabasePool
    private let clock: @Sendable () -> Int64

    /// `clock` gives the like time in Unix milliseconds.
    init(pool: DatabasePool, clock: @escaping @Sendable () -> Int64) {
        self.pool = pool
        self.clock = clock
    }

    func likes(momentIDs: [String], viewerID: String, likers limit: Int) throws -> [UTF8Key: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        // At least one liker, so that the cut (the limit-th like) exists.
        let limit = max(1, limit)
        var read = LikesRead(momentCount: momentIDs.count, limit: limit)
        try pool.readTransaction { connection in
            try connection.withStatement(Self.likers, [.text(JSONArray.encode(momentIDs)), .integer(Int64(limit))]) { statement in
                try statement.forEachRow { row in
                    read.add(at: Int(row.int64(at: 0)), count: Int(row.int64(at: 1)), liker: row.optionalText(at: 2))
                }
            }
            let undecided = read.undecided(viewerID: viewerID)
            if !undecided.isEmpty {
                let liked = try Self.likedMoments(undecided.map { momentIDs[$0] }, by: viewerID, on: connection)
                for index in undecided where liked.contains(UTF8Key(momentIDs[index])) { read.setLikedByViewer(at: index) }
            }
            guard !read.distinctLikers.isEmpty else { return }
            try connection.withStatement(Self.likerProfiles, [.text(JSONArray.encode(read.distinctLikers))]) { statement in
                try statement.forEachRow { read.addProfile($0.user(at: 0)) }
            }
        }
        return read.likesByMoment(momentIDs, viewerID: viewerID)
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<UTF8Key> {
        guard !momentIDs.isEmpty else { return [] }
        return try pool.read { connection in try Self.likedMoments(momentIDs, by: viewerID, on: connection) }
    }

    private static func likedMoments(_ momentIDs: [String], by viewerID: String, on connection: Connection) throws -> Set<UTF8Key> {
        try connection.withStatement(likedByViewer, [.text(JSONArray.encode(momentIDs)), .text(viewerID)]) { statement in
            var liked: Set<UTF8Key> = []
            try statement.forEachRow { liked.insert(UTF8Key($0.text(at: 0))) }
            return liked
        }
    }

    /// In the writer's next group commit; durable when it returns. Past the
    /// request's deadline (`RequestDeadline`) it stops waiting: not
    /// acknowledged, though the write may still commit.
    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        let likedAt = clock()
        do {
            try pool.write(until: RequestDeadline.current) { connection in
                if isLiked {
                    try connection.execute(Self.insert, [.text(momentID), .text(userID), .integer(likedAt)])
                } else {
                    try connection.execute(Self.delete, [.text(momentID), .text(userID)])
                }
            }
        } catch let error as SQLiteError where error.isCommitNotInTime {
            throw StorageUnavailable(reason: error.description)
        }
    }
}
