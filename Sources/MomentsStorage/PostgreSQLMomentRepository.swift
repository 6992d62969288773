import Locking
import Moments
import PostgreSQL

/// Moments on PostgreSQL: a timeline page is three statements whatever its
/// length (the user, the page's moments with their authors, then all their
/// photos), in one REPEATABLE READ read-only transaction (one snapshot, as
/// on SQLite).
final class PostgreSQLMomentRepository: MomentRepository {
    /// A page of the timeline, newest first. PostgreSQL's recursive queries
    /// have no priority queue, so unlike SQLite's k-way merge each candidate
    /// author gives at most a page: a LATERAL scan of `moments_by_author`
    /// after the cursor, LIMIT $2, on the covering index; the candidates are
    /// merged and cut to the page, and only the page's rows are read in full.
    /// The candidate authors come from `latest_moments`: an author whose
    /// newest moment (before the cursor) is not among the $2 newest of the
    /// authors' cannot be on the page, since $2 others each have a newer
    /// moment; an author with moments after the cursor is a candidate (there
    /// are at most as many as moments after it). So a page reads one row
    /// per author and at most $2 index entries per candidate: the cost
    /// follows the page, never the history. Ids are `COLLATE "C"`, so "then
    /// id descending" orders as SQLite does; each author once, as on SQLite.
    /// $1 the viewer, $2 the page size plus one, $3 and $4 the cursor's
    /// created date and id.
    static func timeline(after: Bool) -> String {
        let authors = """
            (SELECT $1::text AS author_id UNION ALL SELECT friend_id FROM friendships AS f WHERE f.user_id = $1 AND f.friend_id <> $1) AS a
            JOIN latest_moments AS h ON h.user_id = a.author_id
            """
        let candidates = after ? """
                (SELECT h.user_id FROM \(authors)
                 WHERE (h.created_date, h.moment_id) < ($3::bigint, $4::text)
                 ORDER BY h.created_date DESC, h.moment_id DESC LIMIT $2)
                UNION ALL
                SELECT h.user_id FROM \(authors)
                WHERE (h.created_date, h.moment_id) >= ($3::bigint, $4::text)
            """ : """
                SELECT h.user_id FROM \(authors)
                ORDER BY h.created_date DESC, h.moment_id DESC LIMIT $2
            """
        return """
            SELECT m.id, m.type, m.title, m.url, m.created_date, u.id, u.name, u.avatar, u.background_image
            FROM (
                SELECT c.created_date, c.id
                FROM (\(candidates)) AS candidate
                CROSS JOIN LATERAL (
                    SELECT n.created_date, n.id FROM moments AS n
                    WHERE n.user_id = candidate.user_id\(after ? " AND (n.created_date, n.id) < ($3::bigint, $4::text)" : "")
                    ORDER BY n.created_date DESC, n.id DESC LIMIT $2) AS c
                ORDER BY c.created_date DESC, c.id DESC LIMIT $2) AS page
            JOIN moments AS m ON m.id = page.id
            JOIN users AS u ON u.id = m.user_id
            ORDER BY m.created_date DESC, m.id DESC
            """
    }
    /// The first page, and a page after a cursor.
    static let timelineFirstPage = timeline(after: false)
    static let timelineAfterCursor = timeline(after: true)
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

    private let reads: ReadRouting

    init(reads: ReadRouting) {
        self.reads = reads
    }

    func timeline(userID: String, page: PageRequest) throws -> Timeline? {
        try reads.servingTransaction(.snapshotRead) { connection in
            guard let user = try PostgreSQLUserRepository.user(id: userID, on: connection) else { return nil }
            let (moments, hasNextPage) = try Self.moments(userID: userID, viewer: user, page: page, on: connection)
            return Timeline(user: user, moments: moments, hasNextPage: hasNextPage)
        }
    }

    func isMoment(_ momentID: String, visibleTo viewerID: String) throws -> Bool {
        try reads.serving { connection in
            try connection.query(Self.visibility, [.text(momentID), .text(viewerID)]).bool(0, 0)
        }
    }

    /// The page's moments with authors and photos, and whether more follow
    /// (the statement reads one more than the page).
    private static func moments(
        userID: String, viewer: User, page: PageRequest, on connection: PGConnection
    ) throws -> (moments: [Moment], hasNextPage: Bool) {
        let limit = PGValue.integer(Int64(page.first) + 1)
        let rows = if let cursor = page.after {
            try connection.query(timelineAfterCursor, [.text(userID), limit, .integer(cursor.createdDate), .text(cursor.momentID)])
        } else {
            try connection.query(timelineFirstPage, [.text(userID), limit])
        }
        let hasNextPage = rows.count > page.first
        let count = min(rows.count, page.first)
        guard count > 0 else { return ([], hasNextPage) }
        // One User value per author, by bytes as the rows tell authors apart (`UTF8Key`).
        var authors = [UTF8Key(viewer.id): viewer]
        var ids: [String] = []
        ids.reserveCapacity(count)
        for row in 0..<count { ids.append(rows.text(row, 0)) }
        var photos = [[String]](repeating: [], count: count)
        let photoRows = try connection.query(Self.photos, [.text(PGArray.encode(ids))])
        for row in 0..<photoRows.count {
            let index = Int(try photoRows.int64(row, 0)) - 1
            if photos.indices.contains(index) { photos[index].append(photoRows.text(row, 1)) }
        }
        var moments: [Moment] = []
        moments.reserveCapacity(count)
        for row in 0..<count {
            let authorID = UTF8Key(rows.text(row, 5))
            let author = authors[authorID] ?? rows.user(row, at: 5)
            authors[authorID] = author
            guard let type = MomentType(rawValue: rows.text(row, 1)) else {
                throw MomentsStorageError.invalidRow(table: "moments", id: ids[row])
            }
            moments.append(Moment(
                id: ids[row], author: author, type: type, title: rows.optionalText(row, 2), url: rows.optionalText(row, 3),
                photos: photos[row], createdDate: try rows.int64(row, 4)))
        }
        return (moments, hasNextPage)
    }
}
