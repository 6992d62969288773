import PostgreSQL

/// A PostgreSQL database as the store uses it: the primary's pool the
/// repositories share, the standbys' when reads may go there (`reads`),
/// and the connection that hears changes and watches the database.
final class PostgreSQLBackend: Sendable {
    let reads: ReadRouting
    let listener: PGNotificationListener

    var pool: PGPool { reads.primary }

    init(reads: ReadRouting, listener: PGNotificationListener) {
        self.reads = reads
        self.listener = listener
    }

    func close() {
        listener.stop()
        reads.primary.close()
        reads.standby?.close()
    }
}
