import Foundation
import Locking

/// A PostgreSQL server of the test process's own: `initdb` in a temporary
/// directory, `pg_ctl start` on a free 127.0.0.1 port with trust
/// authentication, stopped (`pg_ctl stop -m immediate`) and removed when the
/// process exits. One per test process, started by the first test that asks;
/// each test gets a database of its own (`makeDatabase()`).
///
/// `initdb` refuses to run as root: as root, the server runs as the
/// `postgres` user that Debian's package creates (`runuser -u postgres`).
package final class PostgreSQLServer: Sendable {
    package struct Unavailable: Error, CustomStringConvertible {
        package var description: String
    }

    package let port: Int
    package let directory: String
    private let binaries: String
    private let runAsPostgres: Bool

    /// The directory holding `initdb` and `pg_ctl` (`/usr/lib/postgresql/*/bin`, newest first).
    package static var binDirectory: String? {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { (Int($0) ?? 0) > (Int($1) ?? 0) }
            .map { "\(root)/\($0)/bin" }
            .first { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }

    /// Whether the PostgreSQL tests must run: set by `.ci/run`, where a skip is a failure.
    package static var isRequired: Bool { ProcessInfo.processInfo.environment["MOMENTS_REQUIRE_POSTGRES"] == "1" }

    /// Run the PostgreSQL tests: installed, or required (then a missing install fails them).
    package static var shouldRun: Bool { binDirectory != nil || isRequired }

    /// Shown for skipped tests.
    package static let skipReason = "PostgreSQL is not installed (apt-get install postgresql libpq-dev); set MOMENTS_REQUIRE_POSTGRES=1 to fail instead"

    private static let sharedResult: Result<PostgreSQLServer, Unavailable> = {
        do {
            let server = try PostgreSQLServer()
            atexit { PostgreSQLServer.stopShared() }
            return .success(server)
        } catch let error as Unavailable {
            return .failure(error)
        } catch {
            return .failure(Unavailable(description: "\(error)"))
        }
    }()

    /// The process's server, started on first use.
    package static func shared() throws -> PostgreSQLServer {
        try sharedResult.get()
    }

    private static func stopShared() {
        if case .success(let server) = sharedResult { server.stop() }
    }

    private init() throws {
        guard let binaries = Self.binDirectory else {
            throw Unavailable(description: "PostgreSQL is not installed: no /usr/lib/postgresql/*/bin/initdb")
        }
        self.binaries = binaries
        runAsPostgres = getuid() == 0
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("moments-pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if runAsPostgres {
            try Self.run("/usr/bin/chown", ["postgres:postgres", directory])
        }
        port = try freeLoopbackPort()
        try runTool("initdb", ["-D", directory + "/data", "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"])
        try start()
    }

    /// A server of the caller's own (for tests that stop and restart it),
    /// stopped and removed when released.
    package static func makePrivate() throws -> PostgreSQLServer {
        try PostgreSQLServer()
    }

    /// A hot standby of `primary` (`pg_basebackup -R`, streaming replication,
    /// `application_name` `standby1`), started on a port of its own; stopped
    /// and removed when released.
    package static func makeStandby(of primary: PostgreSQLServer) throws -> PostgreSQLServer {
        try PostgreSQLServer(standbyOf: primary)
    }

    private init(standbyOf primary: PostgreSQLServer) throws {
        binaries = primary.binaries
        runAsPostgres = primary.runAsPostgres
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("moments-pg-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if runAsPostgres {
            try Self.run("/usr/bin/chown", ["postgres:postgres", directory])
        }
        port = try freeLoopbackPort()
        try runTool("pg_basebackup", [
            "-d", "host=127.0.0.1 port=\(primary.port) user=postgres application_name=standby1",
            "-D", directory + "/data", "-R", "-X", "stream", "-c", "fast", "--no-sync",
        ])
        try start()
    }

    deinit {
        stop()
    }

    /// Starts the server (again) on the same directory and port.
    package func start() throws {
        let options = "-c listen_addresses=127.0.0.1 -c port=\(port) -c unix_socket_directories='\(directory)' -c fsync=off -c max_connections=200"
        try runTool("pg_ctl", ["-D", directory + "/data", "-l", directory + "/server.log", "-o", options, "-w", "-t", "60", "start"])
    }

    /// Stops the server as a crash or failover would end its sessions (`-m immediate`), keeping its data.
    package func halt() throws {
        try runTool("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
    }

    /// `MOMENTS_TEST_ENGINE=postgresql` runs the integration tests' servers
    /// on PostgreSQL: each SQLite path they name stands for a database of
    /// the shared server, the same one each time (restarts keep their data).
    package static var integrationEngineIsPostgreSQL: Bool {
        ProcessInfo.processInfo.environment["MOMENTS_TEST_ENGINE"] == "postgresql"
    }

    private static let standIns = Locked<[String: String]>([:])

    /// The database a server started with `path` uses: `path` itself, or
    /// (see `integrationEngineIsPostgreSQL`) its PostgreSQL stand-in.
    package static func database(for path: String) throws -> String {
        guard integrationEngineIsPostgreSQL, !path.hasPrefix("postgres") else { return path }
        if let known = standIns.withLock({ $0[path] }) { return known }
        let uri = try shared().makeDatabase()
        standIns.withLock { $0[path] = uri }
        return uri
    }

    /// A libpq URI for `database` on this server.
    package func uri(database: String = "postgres") -> String {
        "postgresql://postgres@127.0.0.1:\(port)/\(database)"
    }

    /// Creates an empty database with a unique name and returns its URI.
    package func makeDatabase() throws -> String {
        let name = "moments_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try psql("CREATE DATABASE \(name)")
        return uri(database: name)
    }

    /// Runs SQL through `psql` (for setting up and inspecting, not for code under test).
    @discardableResult
    package func psql(_ sql: String, database: String = "postgres") throws -> String {
        try Self.run(binaries + "/psql", ["-X", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-d", uri(database: database), "-c", sql])
    }

    /// Stops the server and removes its directory.
    private func stop() {
        _ = try? runTool("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func runTool(_ tool: String, _ arguments: [String]) throws {
        if runAsPostgres {
            try Self.run("/usr/sbin/runuser", ["-u", "postgres", "--", binaries + "/" + tool] + arguments)
        } else {
            try Self.run(binaries + "/" + tool, arguments)
        }
    }

    /// Runs `path` with `arguments` to completion (`posix_spawn` + `waitpid`:
    /// Foundation's `Process` was seen never noticing the exit of `runuser
    /// pg_ctl start`), its output in a file (a pipe would be held open by the
    /// server it forks) and no other descriptor of the test process; returns
    /// the output, throws on a non-zero exit.
    @discardableResult
    package static func run(_ path: String, _ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("moments-pg-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // Nothing else of ours: `pg_ctl start` leaves a daemon that outlives a test process
        // killed by a crash or a sanitizer, and a pipe it inherited (swift test's, CI's)
        // would then never reach end-of-file, so the run would hang instead of failing.
        // (`addclosefrom_np` is behind _GNU_SOURCE, which Swift's Glibc does not import.) One
        // that another thread closes before the spawn is harmless: glibc ignores a close action's EBADF.
        for descriptor in ProcessDescriptors.numbers() where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Unavailable(description: "posix_spawn \(path) failed: \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let text = readText(outputPath)
        // WIFEXITED && WEXITSTATUS == 0, spelled out (the macros are not imported).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw Unavailable(description: "\(path) \(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }
}

/// A file's text, read with stdio: `String(contentsOfFile:)` leaked a 4 KiB
/// buffer per call under LeakSanitizer (FoundationEssentials' readBytesFromFile).
private func readText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&buffer, 1, buffer.count, file)
        guard count > 0 else { break }
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}
