import TestSupport

/// A server of the suite's own on the demo data, and a client of it: what
/// most suites start each test with.
struct DemoServer {
    /// Holds the database for the server's lifetime.
    let directory: TemporaryDirectory
    let server: ServerProcess
    let client: GraphQLClient

    init(arguments: [String] = []) throws {
        directory = try TemporaryDirectory()
        server = try ServerProcess(databasePath: directory.databasePath, arguments: arguments)
        client = GraphQLClient(baseURL: server.baseURL)
    }
}
