import Moments
import SQLite

/// Moments from `moments`, `users` and `moment_photos`: a timeline is three
/// statements whatever its length (the user, the moments with their
/// authors, then all their photos), in one read transaction.
final class SQLiteMomentRepository: MomentRepository {
    /// The authors are the viewer and the viewer's friends; each author's
    /// moments come from `moments_by_author`.
    static let timeline = """
        SELECT m.id, m.type, m.title, m.url, m.created_date, u.id, u.name, u.avatar, u.background_image
        FROM (SELECT ?1 AS author_id UNION SELECT friend_id FROM friendships AS f WHERE f.user_id = ?1) AS a
        JOIN moments AS m ON m.user_id = a.author_id
        JOIN users AS u ON u.id = m.user_id
        ORDER BY m.created_date DESC, m.id DESC
        """
    /// Photos of a page of moments; `j.key` is the moment's index in the page.
    static let photos = """
        SELECT j.key, p.url
        FROM json_each(?1) AS j
        JOIN moment_photos AS p ON p.moment_id = j.value
        ORDER BY j.key, p.position
        """
    static let visibility = """
        SELECT EXISTS (
            SELECT 1 FROM moments AS m
            WHERE m.id = ?1 AND (m.user_id = ?2 OR EXISTS (
                SELECT 1 FROM friendships AS f WHERE f.user_id = ?2 AND f.friend_id = m.user_id)))
        """

    private let pool: DatabasePool

    init(pool: DatabasePool) {
        self.pool = pool
    }

    func timeline(userID: String) throws -> Timeline? {
        // One checkout and one read transaction for all three statements.
        try pool.readTransaction { connection in
            guard let user = try SQLiteUserRepository.user(id: userID, on: connection) else { return nil }
            return Timeline(user: user, moments: try Self.moments(userID: userID, viewer: user, on: connection))
        }
    }

    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try pool.read { connection in
            try connection.scalar(Self.visibility, [.text(momentID), .text(viewerID)]) == .integer(1)
        }
    }

    /// The timeline's moments with authors and photos; `viewer` is reused as
    /// the author of the viewer's own moments.
    private static func moments(userID: String, viewer: User, on connection: Connection) throws -> [Moment] {
        var rows = try connection.withStatement(timeline, [.text(userID)]) { statement in
            var rows: [MomentRow] = []
            // One User value per author, shared by that author's moments.
            var authors = [viewer.id: viewer]
            try statement.forEachRow { row in
                let authorID = row.text(at: 5)
                let author: User
                if let known = authors[authorID] {
                    author = known
                } else {
                    author = row.user(at: 5)
                    authors[authorID] = author
                }
                rows.append(try row.momentRow(author: author))
            }
            return rows
        }
        guard !rows.isEmpty else { return [] }
        let ids = JSONArray.encode(rows.map(\.id))
        try connection.withStatement(photos, [.text(ids)]) { statement in
            try statement.forEachRow { row in
                let index = Int(row.int64(at: 0))
                if rows.indices.contains(index) {
                    rows[index].photos.append(row.text(at: 1))
                }
            }
        }
        return rows.map(\.moment)
    }
}

/// A moment while its photos are read (a `Moment` is immutable).
private struct MomentRow {
    let id: String
    let author: User
    let type: MomentType
    let title: String?
    let url: String?
    var photos: [String] = []
    let createdDate: Int64

    var moment: Moment {
        Moment(id: id, author: author, type: type, title: title, url: url, photos: photos, createdDate: createdDate)
    }
}

extension Statement {
    /// A moment (without photos) from columns 0-4: id, type, title, url, created_date.
    fileprivate func momentRow(author: User) throws -> MomentRow {
        let type: MomentType
        // Compared in place: no String for the type column.
        if text(at: 1, equals: MomentType.photos.rawValue) {
            type = .photos
        } else if text(at: 1, equals: MomentType.url.rawValue) {
            type = .url
        } else {
            throw MomentsStorageError.invalidRow(table: "moments", id: text(at: 0))
        }
        return MomentRow(id: text(at: 0), author: author, type: type, title: optionalText(at: 2), url: optionalText(at: 3), createdDate: int64(at: 4))
    }
}
