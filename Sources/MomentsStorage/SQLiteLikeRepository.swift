import Moments
import SQLite

/// Likes in `moment_likes`: reads in one statement per page, writes through
/// the pool's group-committed writer.
final class SQLiteLikeRepository: LikeRepository {
    /// Likers of a page of moments, oldest like first (ties: user id), read
    /// from `moment_likes_by_time`; `j.key` is the moment's index in the page.
    static let likers = """
        SELECT j.key, u.id, u.name, u.avatar, u.background_image
        FROM json_each(?1) AS j
        JOIN moment_likes AS l ON l.moment_id = j.value
        JOIN users AS u ON u.id = l.user_id
        ORDER BY j.key, l.liked_at, l.user_id
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
        var likers = [[User]](repeating: [], count: momentIDs.count)
        var likedByViewer = [Bool](repeating: false, count: momentIDs.count)
        try pool.read { connection in
            try connection.withStatement(Self.likers, [.text(JSONArray.encode(momentIDs))]) { statement in
                // The same few users like many moments of a page: build each User once.
                var users: [String: User] = [:]
                try statement.forEachRow { row in
                    let index = Int(row.int64(at: 0))
                    guard likers.indices.contains(index) else { return }
                    let id = row.text(at: 1)
                    let user: User
                    if let known = users[id] {
                        user = known
                    } else {
                        user = row.user(at: 1)
                        users[id] = user
                    }
                    likers[index].append(user)
                    if id == viewerID { likedByViewer[index] = true }
                }
            }
        }
        var result: [String: MomentLikes] = [:]
        result.reserveCapacity(momentIDs.count)
        for (index, id) in momentIDs.enumerated() {
            let users = likers[index]
            result[id] = users.isEmpty ? MomentLikes.none : MomentLikes(isLikedByViewer: likedByViewer[index], likers: users)
        }
        return result
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
