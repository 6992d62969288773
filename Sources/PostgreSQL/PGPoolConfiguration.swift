/// How a `PGPool` bounds its connections.
package struct PGPoolConfiguration: Sendable {
    /// Most connections open at once; a caller beyond it waits. Default 8:
    /// the handler pool's width on small machines, and well under a server's
    /// `max_connections` (100) for a dozen instances.
    package var maxConnections: Int
    /// Longest a caller waits for a free connection before failing. Default 5000 ms.
    package var checkoutTimeoutMilliseconds: Int
    package var connection: PGConnectionSettings

    package static let defaultMaxConnections = 8

    package init(maxConnections: Int = defaultMaxConnections, checkoutTimeoutMilliseconds: Int = 5000, connection: PGConnectionSettings = PGConnectionSettings()) {
        self.maxConnections = maxConnections
        self.checkoutTimeoutMilliseconds = checkoutTimeoutMilliseconds
        self.connection = connection
    }
}
