import Foundation
import Testing
import TestSupport

/// libpq and libcurl are loaded only by a server that uses them
/// (Sources/CPostgreSQL, Sources/CCurl): a default server maps neither, and
/// each is mapped, and works, once its feature is configured.
struct OptionalLibrariesTests {
    /// The shared objects in the server's address space, from /proc/PID/maps.
    static func mappedLibraries(_ server: ServerProcess) throws -> Set<String> {
        // procfs files report size 0, so read them line by line (stdio), not by their size.
        let path = "/proc/\(server.process.processIdentifier)/maps"
        guard let file = fopen(path, "r") else { throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        defer { fclose(file) }
        var lines: [String] = []
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            lines.append(String(decoding: buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Set(lines.compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.flatMap { path in
                path.hasPrefix("/") ? String(path.split(separator: "/").last ?? "") : nil
            }
        })
    }

    static func maps(_ libraries: Set<String>, _ prefix: String) -> Bool {
        libraries.contains { $0.hasPrefix(prefix) }
    }

    @Test func aDefaultServerMapsNeitherLibpqNorLibcurl() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        // A request first, so anything loaded lazily on the request path would show.
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/readyz").status == 200)
        let libraries = try Self.mappedLibraries(server)
        // With MOMENTS_TEST_ENGINE=postgresql this server is on PostgreSQL: libpq, and what it loads, belong.
        let onPostgreSQL = PostgreSQLServer.integrationEngineIsPostgreSQL
        #expect(Self.maps(libraries, "libpq.so") == onPostgreSQL)
        #expect(!Self.maps(libraries, "libcurl"))
        if !onPostgreSQL {
            #expect(!Self.maps(libraries, "libgnutls"))
            #expect(!Self.maps(libraries, "libkrb5"))
        }
    }

    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
    func aPostgreSQLServerLoadsLibpq() async throws {
        let server = try ServerProcess(databasePath: try PostgreSQLServer.shared().makeDatabase())
        defer { _ = server.stop() }
        #expect(try await GraphQLClient(baseURL: server.baseURL).get("/readyz").status == 200)
        #expect(Self.maps(try Self.mappedLibraries(server), "libpq.so.5"))
    }

    @Test func remoteTogglesLoadLibcurl() throws {
        let toggleServer = try ToggleServer(state: FeatureTogglesTests.state(flip: true))
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: [
            "--toggles-url", toggleServer.url, "--toggles-token", "t0k3n", "--toggles-cache", directory.file("toggles.json"),
        ])
        defer { _ = server.stop() }
        // The fetched state shows through GraphQL: libcurl was loaded and worked.
        let tests = FeatureTogglesTests()
        #expect(eventually(within: .seconds(10)) { (try? tests.flip(port: server.port)) == true })
        #expect(Self.maps(try Self.mappedLibraries(server), "libcurl.so.4"))
    }
}
