import Moments
import PostgreSQL

/// Moments on PostgreSQL: a timeline is three statements whatever its length
/// (the user, the moments with their authors, then all their photos), in one
/// REPEATABLE READ read-only transaction (one snapshot, as on SQLite).
final class PostgreSQLMomentRepository: MomentRepository {
    /// The same query as SQLite's; ids are `COLLATE "C"`, so "then id
    /// descending" orders as SQLite does.
    static let timeline = """
        SELECT m.id, m.type, m.title, m.url, m.created_date, u.id, u.name, u.avatar, u.background_image
        FROM (SELECT $1::text AS author_id UNION SELECT friend_id FROM friendships AS f WHERE f.user_id = $1) AS a
        JOIN moments AS m ON m.user_id = a.author_id
        JOIN users AS u ON u.id = m.user_id
        ORDER BY m.created_date DESC, m.id DESC
        """
    /// Photos of a page of moments; `j.n` is the moment's place in the page, from 1.
    static let photos = """
        SELECT j.n, p.url
        FROM unnest($1::text[]) WITH ORDINALITY AS j(id, n)
        JOIN moment_photos AS p ON p.moment_id = j.id
        ORDER BY j.n, p.position
        """
    static let visibility = """
        SELECT EXISTS (
            SELECT 1 FROM moments AS m
            WHERE m.id = $1 AND (m.user_id = $2 OR EXISTS (
                SELECT 1 FROM friendships AS f WHERE f.user_id = $2 AND f.friend_id = m.user_id)))
        """

    private let pool: PGPool

    init(pool: PGPool) {
        self.pool = pool
    }

    func timeline(userID: String) throws -> Timeline? {
        try pool.transaction(.snapshotRead) { connection in
            guard let user = try PostgreSQLUserRepository.user(id: userID, on: connection) else { return nil }
            return Timeline(user: user, moments: try Self.moments(userID: userID, viewer: user, on: connection))
        }
    }

    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try pool.withConnection { connection in
            try connection.query(Self.visibility, [.text(momentID), .text(viewerID)]).bool(0, 0)
        }
    }

    private static func moments(userID: String, viewer: User, on connection: PGConnection) throws -> [Moment] {
        let rows = try connection.query(timeline, [.text(userID)])
        guard rows.count > 0 else { return [] }
        var authors = [viewer.id: viewer]
        var ids: [String] = []
        ids.reserveCapacity(rows.count)
        for row in 0..<rows.count { ids.append(rows.text(row, 0)) }
        var photos = [[String]](repeating: [], count: rows.count)
        let photoRows = try connection.query(Self.photos, [.text(PGArray.encode(ids))])
        for row in 0..<photoRows.count {
            let index = Int(try photoRows.int64(row, 0)) - 1
            if photos.indices.contains(index) { photos[index].append(photoRows.text(row, 1)) }
        }
        var moments: [Moment] = []
        moments.reserveCapacity(rows.count)
        for row in 0..<rows.count {
            let authorID = rows.text(row, 5)
            let author = authors[authorID] ?? rows.user(row, at: 5)
            authors[authorID] = author
            guard let type = MomentType(rawValue: rows.text(row, 1)) else {
                throw MomentsStorageError.invalidRow(table: "moments", id: ids[row])
            }
            moments.append(Moment(
                id: ids[row], author: author, type: type, title: rows.optionalText(row, 2), url: rows.optionalText(row, 3),
                photos: photos[row], createdDate: try rows.int64(row, 4)))
        }
        return moments
    }
}
