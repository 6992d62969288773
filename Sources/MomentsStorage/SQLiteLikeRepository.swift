import Moments
import SQLite

/// Likes in `moment_likes`: a page's likes are three statements in one read
/// transaction (counts and the viewer's likes, each moment's first likers,
/// then each distinct liker's profile once); writes go through the pool's
/// group-committed writer, and `schema.sql`'s triggers keep the counts in
/// the same transaction.
final class SQLiteLikeRepository: LikeRepository {
    /// Per moment of a page (`j.key` its index), its like count and whether
    /// the viewer (?2) likes it: two primary-key searches each, nothing counted.
    static let counts = """
        SELECT j.key, coalesce(c.likes, 0), EXISTS (SELECT 1 FROM moment_likes AS v WHERE v.moment_id = j.value AND v.user_id = ?2)
        FROM json_each(?1) AS j
        LEFT JOIN moment_like_counts AS c ON c.moment_id = j.value
        """
    /// The first ?2 likers of each moment of a page, oldest like first (ties:
    /// user id): the subquery reads at most ?2 entries of the covering index
    /// `moment_likes_by_time` per moment, however many like it. Profiles are
    /// read apart: the same few users like many moments of a page, and narrow
    /// rows sort faster.
    static let likers = """
        SELECT j.key, l.user_id
        FROM json_each(?1) AS j
        JOIN moment_likes AS l ON l.moment_id = j.value AND l.user_id IN (
            SELECT s.user_id FROM moment_likes AS s WHERE s.moment_id = j.value
            ORDER BY s.liked_at, s.user_id LIMIT ?2)
        ORDER BY j.key, l.liked_at, l.user_id
        """
    /// The profiles of the distinct likers of a page.
    static let likerProfiles = """
        SELECT u.id, u.name, u.avatar, u.background_image
        FROM json_each(?1) AS j
        JOIN users AS u ON u.id = j.value
        """
    /// The moments of a page the viewer (?2) likes.
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

    func likes(momentIDs: [String], viewerID: String, likers limit: Int) throws -> [String: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        var read = LikesRead(momentCount: momentIDs.count)
        let ids = SQLiteValue.text(JSONArray.encode(momentIDs))
        try pool.readTransaction { connection in
            try connection.withStatement(Self.counts, [ids, .text(viewerID)]) { statement in
                try statement.forEachRow { row in
                    read.setCount(at: Int(row.int64(at: 0)), count: Int(row.int64(at: 1)), isLiked: row.int64(at: 2) != 0)
                }
            }
            try connection.withStatement(Self.likers, [ids, .integer(Int64(limit))]) { statement in
                try statement.forEachRow { row in read.addLiker(at: Int(row.int64(at: 0)), id: row.text(at: 1)) }
            }
            guard !read.distinctLikers.isEmpty else { return }
            try connection.withStatement(Self.likerProfiles, [.text(JSONArray.encode(read.distinctLikers))]) { statement in
                try statement.forEachRow { read.addProfile($0.user(at: 0)) }
            }
        }
        return read.likesByMoment(momentIDs)
    }

    func likedMoments(_ momentIDs: [String], by viewerID: String) throws -> Set<String> {
        guard !momentIDs.isEmpty else { return [] }
        return try pool.read { connection in
            try connection.withStatement(Self.likedByViewer, [.text(JSONArray.encode(momentIDs)), .text(viewerID)]) { statement in
                var liked: Set<String> = []
                try statement.forEachRow { liked.insert($0.text(at: 0)) }
                return liked
            }
        }
    }

    func setLike(momentID: String, userID: String, isLiked: Bool) throws {
        let likedAt = clock()
        try pool.write { connection in
            if isLiked {
                try connection.execute(Self.insert, [.text(momentID), .text(userID), .integer(likedAt)])
            } else {
                try connection.execute(Self.delete, [.text(momentID), .text(userID)])
            }
        }
    }
}
