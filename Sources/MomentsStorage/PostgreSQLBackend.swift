import PostgreSQL

/// A PostgreSQL database as the store uses it: the pool the repositories
/// share and, with the read cache, the connection that hears changes.
final class PostgreSQLBackend: Sendable {
    let pool: PGPool
    let listener: PGNotificationListener?

    init(pool: PGPool, listener: PGNotificationListener?) {
        self.pool = pool
        self.listener = listener
    }

    func ping() throws {
        try pool.withConnection { _ = try $0.query("SELECT 1") }
    }

    func close() {
        listener?.stop()
        pool.close()
    }
}
