import Moments
import PostgreSQL

/// Users from the `users` table, on PostgreSQL.
final class PostgreSQLUserRepository: UserRepository {
    static let userByID = "SELECT id, name, avatar, background_image FROM users WHERE id = $1"

    private let reads: ReadRouting

    init(reads: ReadRouting) {
        self.reads = reads
    }

    func user(id: String) throws -> User? {
        try reads.serving { connection in try Self.user(id: id, on: connection) }
    }

    /// The user, read on a connection already checked out (inside another read).
    static func user(id: String, on connection: PGConnection) throws -> User? {
        let rows = try connection.query(userByID, [.text(id)])
        return rows.count == 0 ? nil : rows.user(0, at: 0)
    }
}

extension PGRows {
    /// A user from four columns: id, name, avatar, background_image.
    func user(_ row: Int, at column: Int) -> User {
        User(id: text(row, column), name: text(row, column + 1), avatar: text(row, column + 2), backgroundImage: text(row, column + 3))
    }
}
