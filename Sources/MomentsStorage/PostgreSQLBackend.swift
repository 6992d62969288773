import PostgreSQL

/// A PostgreSQL database as the store uses it: the pool the repositories
/// share and the connection that hears changes and watches the database.
final class PostgreSQLBackend: Sendable {
    let pool: PGPool
    let listener: PGNotificationListener

    init(pool: PGPool, listener: PGNotificationListener) {
        self.pool = pool
        self.listener = listener
    }

    func close() {
        listener.stop()
        pool.close()
    }
}
