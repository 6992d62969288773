import Foundation
import Testing
import TestSupport

/// A PostgreSQL password given in any of libpq's forms never reaches
/// standard error or /internal/facts: the start-up line, the open failure
/// (with libpq's own message, which quotes what it cannot read) and the page
/// all show the connection string with `***` in its place.
@Suite struct DatabasePasswordRedactionTests {
    let directory: TemporaryDirectory
    /// Unique per run, so a match can only be this test's secret.
    let secret = "Sw0rdfish-" + UUID().uuidString.prefix(8)

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// The forms, each with what the log shows of it, on a server nothing listens at.
    var unreachable: [(database: String, shown: String)] {
        [
            ("postgresql://moments:\(secret)@127.0.0.1:1/moments", "postgresql://moments:***@127.0.0.1:1/moments"),
            ("postgresql://moments@127.0.0.1:1/moments?password=\(secret)", "postgresql://moments@127.0.0.1:1/moments?password=***"),
            ("postgresql://moments@127.0.0.1:1/moments?PassWord=\(secret)&application_name=x",
             "postgresql://moments@127.0.0.1:1/moments?PassWord=***&application_name=x"),
            ("postgresql://moments@127.0.0.1:1/moments?passw%6Frd=\(secret)", "postgresql://moments@127.0.0.1:1/moments?passw%6Frd=***"),
            ("postgresql://moments@127.0.0.1:1/moments?sslpassword=\(secret)", "postgresql://moments@127.0.0.1:1/moments?sslpassword=***"),
            ("host=127.0.0.1 port=1 dbname=moments password=\(secret)", "host=127.0.0.1 port=1 dbname=moments password=***"),
            ("host=127.0.0.1 port=1 dbname=moments password='quoted \(secret)'", "host=127.0.0.1 port=1 dbname=moments password=***"),
            // libpq refuses these two, quoting the piece it stopped at: a piece of the password.
            ("postgresql://moments:pa%zz\(secret)@127.0.0.1:1/moments", "postgresql://moments:***@127.0.0.1:1/moments"),
            ("host=127.0.0.1 port=1 password=my \(secret)", "host=127.0.0.1 port=1 password=***"),
        ]
    }

    @Test func aRefusedStartNeverPrintsThePassword() throws {
        for (database, shown) in unreachable {
            let (status, output) = try runToExit(["--port", "0", "--database", database])
            #expect(status != nil && status != 0, "\(shown): \(output)")
            #expect(!output.contains(secret), "\(shown): \(output)")
            #expect(output.contains("database=\(shown)"), "\(shown): the start-up line: \(output)")
            #expect(output.contains("cannot open database \(shown): PostgreSQL error"), "\(shown): \(output)")
        }
    }

    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
    func aRunningServerNeverShowsThePassword() async throws {
        // Trust authentication: the server never asks, so libpq never sends the password,
        // and a server that starts is what the facts page needs.
        let postgres = try PostgreSQLServer.shared()
        let uri = try postgres.makeDatabase()
        let name = String(uri.split(separator: "/").last ?? "")
        let forms: [(database: String, shown: String)] = [
            ("postgresql://postgres:\(secret)@127.0.0.1:\(postgres.port)/\(name)", "postgresql://postgres:***@127.0.0.1:\(postgres.port)/\(name)"),
            ("\(uri)?password=\(secret)&sslpassword=\(secret)", "\(uri)?password=***&sslpassword=***"),
            ("host=127.0.0.1 port=\(postgres.port) user=postgres dbname=\(name) password='quoted \(secret)'",
             "host=127.0.0.1 port=\(postgres.port) user=postgres dbname=\(name) password=***"),
        ]
        for (database, shown) in forms {
            // The second --database wins: ServerProcess's first may be swapped for a stand-in
            // (MOMENTS_TEST_ENGINE=postgresql), and only a URI passes through that untouched.
            let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--database", database])
            let client = GraphQLClient(baseURL: server.baseURL)
            let facts = try await client.get("/internal/facts")
            #expect(facts.status == 200)
            #expect(!facts.text.contains(secret), "\(shown): \(facts.text)")
            let json = try facts.json
            #expect((json["database"] as? [String: Any])?["path"] as? String == shown)
            let configuration = json["configuration"] as? [[String: String]]
            #expect(configuration?.first { $0["option"] == "--database" }?["value"] == shown)
            // Written before `listening on`, but by the log writer's thread: waited for, bounded.
            let starting = server.waitForStderrLine { $0.contains(" starting ") }
            #expect(starting?.contains("database=\(shown)") == true, "\(shown): \(starting ?? "no start-up line")")
            #expect(server.stop() == 0)
            #expect(!server.stderrLines.contains { $0.contains(secret) }, "\(shown): \(server.stderrLines)")
        }
    }

    /// A stray space or an env file's quotes around the value: still a
    /// connection string, never a SQLite path printed whole; through the
    /// option and through `DATABASE_URL` alike.
    @Test func aConnectionStringWithSpaceOrQuotesAroundItKeepsItsPassword() throws {
        let uri = "postgresql://moments:\(secret)@127.0.0.1:1/moments"
        let shown = "postgresql://moments:***@127.0.0.1:1/moments"
        let runs: [(arguments: [String], environment: [String: String])] = [
            (["--port", "0", "--database", " \(uri)"], [:]),
            (["--port", "0", "--database", "\"\(uri)\"\n"], [:]),
            (["--port", "0"], ["DATABASE_URL": "'\(uri)'"]),
            (["--port", "0"], ["DATABASE_PATH": "\(uri) "]),
        ]
        for run in runs {
            let (status, output) = try runToExit(run.arguments, environment: run.environment)
            #expect(status != nil && status != 0, "\(run): \(output)")
            #expect(!output.contains(secret), "\(run): \(output)")
            #expect(output.contains("database=\(shown)"), "\(run): the start-up line: \(output)")
        }
    }

    /// A value that holds `://` or `password` but is no connection string
    /// libpq reads is refused, shown only up to its scheme, and makes no file.
    @Test func aMistypedConnectionStringIsRefusedWithoutItsPassword() throws {
        for database in ["mysql://moments:\(secret)@127.0.0.1/moments", "postgress://moments:\(secret)@127.0.0.1/moments"] {
            let (status, output) = try runToExit(["--port", "0", "--database", database])
            let scheme = String(database.prefix { $0 != ":" })
            #expect(status != nil && status != 0, "\(scheme): \(output)")
            #expect(!output.contains(secret), "\(scheme): \(output)")
            #expect(output.contains("\(scheme)://*** is neither a PostgreSQL connection string"), "\(scheme): \(output)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "\(scheme): a file was made")
        }
    }

    /// Runs moments-bff until it exits (it should: the database cannot be
    /// opened), killed after 30 s if not (the status is then nil); standard
    /// output and error together. In a directory of its own, so a string
    /// taken for a SQLite path makes no file in the package.
    func runToExit(_ arguments: [String], environment extra: [String: String] = [:]) throws -> (status: Int32?, output: String) {
        let process = Process()
        process.executableURL = try ServerProcess.binaryURL()
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        var environment = ProcessInfo.processInfo.environment
        environment["HOST"] = nil
        environment["PORT"] = nil
        for (name, value) in extra { environment[name] = value }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        let output = LineCollector(handle: pipe.fileHandleForReading)
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        var status: Int32?
        if exited.wait(timeout: .now() + 30) == .success {
            status = process.terminationStatus
        } else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return (status, output.waitForEnd(deadline: .seconds(5)).joined(separator: "\n"))
    }
}
