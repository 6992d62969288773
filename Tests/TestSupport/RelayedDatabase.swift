/// A database of its own on the process's PostgreSQL server, reached through
/// a `TCPRelay` of the test's own: what a test cuts off (`relay.partition()`)
/// or stops to make the database unreachable. Stop the relay when done.
package struct RelayedDatabase {
    package let postgres: PostgreSQLServer
    /// The database's name.
    package let name: String
    package let relay: TCPRelay

    package init() throws {
        postgres = try PostgreSQLServer.shared()
        let direct = try postgres.makeDatabase()
        guard let name = direct.split(separator: "/").last.map(String.init) else {
            throw PostgreSQLServer.Unavailable(description: "no database name in \(direct)")
        }
        self.name = name
        relay = try TCPRelay(targetPort: postgres.port)
    }

    /// The database's URI through the relay.
    package var uri: String { "postgresql://postgres@127.0.0.1:\(relay.port)/\(name)" }
}
