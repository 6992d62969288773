/// How a `PGPool` bounds its connections.
package struct PGPoolConfiguration: Sendable {
    /// Most connections open at once; a caller beyond it waits. Default 8:
    /// the handler pool's width on small machines, and well under a server's
    /// `max_connections` (100) for a dozen instances.
    package var maxConnections: Int
    /// Longest a caller waits for a free connection before failing. Default 5000 ms.
    package var checkoutTimeoutMilliseconds: Int
    package var connection: PGConnectionSettings

    /// Longest one loan of a connection waits for the server when its
    /// caller has no sooner deadline: the statement timeout, after which
    /// the server answers with an error itself, plus a second for that
    /// answer to arrive. No answer by then means the database is unreachable.
    package var statementBound: Duration {
        connection.statementBound
    }

    package static let defaultMaxConnections = 8

    package init(maxConnections: Int = defaultMaxConnections, checkoutTimeoutMilliseconds: Int = 5000, connection: PGConnectionSettings = PGConnectionSettings()) {
        self.maxConnections = maxConnections
        self.checkoutTimeoutMilliseconds = checkoutTimeoutMilliseconds
        self.connection = connection
    }
}
