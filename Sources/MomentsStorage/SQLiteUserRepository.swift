import Moments
import SQLite

/// Users from the `users` table.
final class SQLiteUserRepository: UserRepository {
    static let userByID = "SELECT id, name, avatar, background_image FROM users WHERE id = ?1"

    private let pool: DatabasePool

    init(pool: DatabasePool) {
        self.pool = pool
    }

    func user(id: String) throws -> User? {
        try pool.read { connection in try Self.user(id: id, on: connection) }
    }

    /// The user, read on a connection already checked out (inside another read).
    static func user(id: String, on connection: Connection) throws -> User? {
        try connection.withStatement(userByID, [.text(id)]) { statement in
            try statement.step() ? statement.user(at: 0) : nil
        }
    }
}

extension Statement {
    /// A user from four columns: id, name, avatar, background_image.
    func user(at column: Int32) -> User {
        User(id: text(at: column), name: text(at: column + 1), avatar: text(at: column + 2), backgroundImage: text(at: column + 3))
    }
}
