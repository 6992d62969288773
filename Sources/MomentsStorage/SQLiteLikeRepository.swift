import Moments
import SQLite

/// Likes in `moment_likes`: a page's likes are two statements in one read
/// transaction (who likes what, then each distinct liker's profile once);
/// writes go through the pool's group-committed writer.
final class SQLiteLikeRepository: LikeRepository {
    /// Likers of a page of moments, oldest like first (ties: user id), read
    /// from the covering index `moment_likes_by_time`; `j.key` is the
    /// moment's index in the page. Profiles are read apart: the same few
    /// users like many moments of a page, and narrow rows sort faster.
    static let likers = """
        SELECT j.key, l.user_id
        FROM json_each(?1) AS j
        JOIN moment_likes AS l ON l.moment_id = j.value
        ORDER BY j.key, l.liked_at, l.user_id
        """
    /// The profiles of the distinct likers of a page.
    static let likerProfiles = """
        SELECT u.id, u.name, u.avatar, u.background_image
        FROM json_each(?1) AS j
        JOIN users AS u ON u.id = j.value
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

    func likes(momentIDs: [String], viewerID: String) throws -> [String: MomentLikes] {
        guard !momentIDs.isEmpty else { return [:] }
        // Per moment of the page, its likers' ids in order.
        var likerIDs = [[String]](repeating: [], count: momentIDs.count)
        var profiles: [String: User] = [:]
        try pool.readTransaction { connection in
            var distinct: [String] = []
            var seen: Set<String> = []
            try connection.withStatement(Self.likers, [.text(JSONArray.encode(momentIDs))]) { statement in
                try statement.forEachRow { row in
                    let index = Int(row.int64(at: 0))
                    guard likerIDs.indices.contains(index) else { return }
                    let id = row.text(at: 1)
                    likerIDs[index].append(id)
                    if seen.insert(id).inserted {
                        distinct.append(id)
                    }
                }
            }
            guard !distinct.isEmpty else { return }
            try connection.withStatement(Self.likerProfiles, [.text(JSONArray.encode(distinct))]) { statement in
                try statement.forEachRow { row in
                    let user = row.user(at: 0)
                    profiles[user.id] = user
                }
            }
        }
        return likesByMoment(momentIDs, likerIDs: likerIDs, profiles: profiles, viewerID: viewerID)
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
