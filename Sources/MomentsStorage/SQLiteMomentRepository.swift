import Locking
import Moments
import SQLite

/// Moments from `moments`, `users` and `moment_photos`: a timeline page is
/// three statements whatever its length (the user, the page's moments with
/// their authors, then all their photos), in one read transaction.
final class SQLiteMomentRepository: MomentRepository {
    /// A page of the timeline, newest first: the authors are the viewer and
    /// the viewer's friends, and the page is a k-way merge of their moments.
    /// The recursive CTE's ORDER BY makes its queue a priority queue
    /// (SQLite's documented behaviour): it starts with each author's newest
    /// moment after the cursor and, for each moment it takes, adds that
    /// author's next one from `moments_by_author`, until LIMIT. An author's
    /// newest moment is their `latest_moments` row, one small read, unless
    /// it is not after the cursor: then it is searched for (on a page after
    /// the first, for the few authors with moments before the cursor). So a
    /// page reads one row per author plus two index entries per moment
    /// returned, never the authors' history.
    ///
    /// Each author once (a duplicate would repeat its moments): the friends
    /// are unique by the primary key, and the viewer is left out of them,
    /// which spares UNION's temporary B-tree.
    /// ?1 the viewer, ?2 the page size plus one (to learn whether more
    /// follow), ?3 and ?4 the cursor's created date and id.
    static func timeline(after: Bool) -> String {
        // The heads: on a first page, the authors' `latest_moments` rows,
        // read straight from the viewer's row and the friendships (no
        // temporary table of authors); after a cursor, those before it, and
        // a search for the others.
        let heads = after ? """
                authors(id) AS (SELECT ?1 UNION ALL SELECT friend_id FROM friendships AS f WHERE f.user_id = ?1 AND f.friend_id <> ?1),
                page(created_date, id, user_id) AS (
                    SELECT h.created_date, h.moment_id, h.user_id FROM authors AS a JOIN latest_moments AS h ON h.user_id = a.id
                    WHERE (h.created_date, h.moment_id) < (?3, ?4)
                    UNION ALL
                    SELECT n.created_date, n.id, n.user_id FROM authors AS a JOIN latest_moments AS h ON h.user_id = a.id
                    JOIN moments AS n ON n.user_id = a.id AND (n.created_date, n.id) = (
                        SELECT s.created_date, s.id FROM moments AS s
                        WHERE s.user_id = a.id AND (s.created_date, s.id) < (?3, ?4)
                        ORDER BY s.created_date DESC, s.id DESC LIMIT 1)
                    WHERE (h.created_date, h.moment_id) >= (?3, ?4)
            """ : """
                page(created_date, id, user_id) AS (
                    SELECT h.created_date, h.moment_id, h.user_id FROM latest_moments AS h WHERE h.user_id = ?1
                    UNION ALL
                    SELECT h.created_date, h.moment_id, h.user_id FROM friendships AS f JOIN latest_moments AS h ON h.user_id = f.friend_id
                    WHERE f.user_id = ?1 AND f.friend_id <> ?1
            """
        return """
            WITH RECURSIVE
            \(heads)
                    UNION ALL
                    SELECT h.created_date, h.id, h.user_id FROM page AS prev JOIN moments AS h
                        ON h.user_id = prev.user_id AND (h.created_date, h.id) = (
                            SELECT n.created_date, n.id FROM moments AS n
                            WHERE n.user_id = prev.user_id AND (n.created_date, n.id) < (prev.created_date, prev.id)
                            ORDER BY n.created_date DESC, n.id DESC LIMIT 1)
                    ORDER BY 1 DESC, 2 DESC
                    LIMIT ?2)
            SELECT m.id, m.type, m.title, m.url, m.created_date, u.id, u.name, u.avatar, u.background_image
            FROM page JOIN moments AS m ON m.id = page.id JOIN users AS u ON u.id = m.user_id
            ORDER BY m.created_date DESC, m.id DESC
            """
    }
    /// The first page, and a page after a cursor.
    static let timelineFirstPage = timeline(after: false)
    static let timelineAfterCursor = timeline(after: true)
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

    func timeline(userID: String, page: PageRequest) throws -> Timeline? {
        // One checkout and one read transaction for all three statements.
        try pool.readTransaction { connection in
            guard let user = try SQLiteUserRepository.user(id: userID, on: connection) else { return nil }
            let (moments, hasNextPage) = try Self.moments(userID: userID, viewer: user, page: page, on: connection)
            return Timeline(user: user, moments: moments, hasNextPage: hasNextPage)
        }
    }

    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try pool.read { connection in
            try connection.scalar(Self.visibility, [.text(momentID), .text(viewerID)]) == .integer(1)
        }
    }

    /// The page's moments with authors and photos, and whether more follow
    /// (the statement reads one more than the page); `viewer` is reused as the
    /// author of the viewer's own moments.
    private static func moments(
        userID: String, viewer: User, page: PageRequest, on connection: Connection
    ) throws -> (moments: [Moment], hasNextPage: Bool) {
        let limit = SQLiteValue.integer(Int64(page.first) + 1)
        let (sql, arguments): (String, [SQLiteValue]) = if let cursor = page.after {
            (timelineAfterCursor, [.text(userID), limit, .integer(cursor.createdDate), .text(cursor.momentID)])
        } else {
            (timelineFirstPage, [.text(userID), limit])
        }
        var rows = try connection.withStatement(sql, arguments) { statement in
            var rows: [MomentRow] = []
            // One User value per author, shared by that author's moments;
            // by bytes, as the rows tell authors apart (`UTF8Key`).
            var authors = [UTF8Key(viewer.id): viewer]
            try statement.forEachRow { row in
                let authorID = UTF8Key(row.text(at: 5))
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
        let hasNextPage = rows.count > page.first
        if hasNextPage { rows.removeLast(rows.count - page.first) }
        guard !rows.isEmpty else { return ([], hasNextPage) }
        let ids = JSONArray.encode(rows.map(\.id))
        try connection.withStatement(photos, [.text(ids)]) { statement in
            try statement.forEachRow { row in
                let index = Int(row.int64(at: 0))
                if rows.indices.contains(index) {
                    rows[index].photos.append(row.text(at: 1))
                }
            }
        }
        return (rows.map(\.moment), hasNextPage)
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
