/// Prepared statements of one connection, keyed by their SQL text (GRDB's
/// `StatementCache`). A statement whose run failed is evicted, so the next
/// use prepares it afresh.
final class StatementCache {
    private var statements: [String: Statement] = [:]

    func statement(_ sql: String, db: OpaquePointer) throws(SQLiteError) -> Statement {
        if let statement = statements[sql] {
            return statement
        }
        let statement = try Statement(db: db, sql: sql, persistent: true)
        statements[sql] = statement
        return statement
    }

    func evict(_ sql: String) {
        statements[sql] = nil
    }

    func removeAll() {
        statements.removeAll()
    }

    var count: Int { statements.count }
}

@available(*, unavailable)
extension StatementCache: Sendable {}
