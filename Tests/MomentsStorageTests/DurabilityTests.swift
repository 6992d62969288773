import Foundation
import PostgreSQL
import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

/// An acknowledged like survives SIGKILL of the process that wrote it.
struct DurabilityTests {
    static let users = 20
    static let moments = 20
    /// Acks to wait for before killing the child (of users × moments writes).
    static let killAfter = 120

    /// The probe is built next to the test bundle (`swift test` builds it: the
    /// test target depends on it); STORAGE_PROBE_PATH overrides.
    static func probePath() throws -> String {
        if let override = ProcessInfo.processInfo.environment["STORAGE_PROBE_PATH"] { return override }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // On Linux the bundle is `<products>/moments-bffPackageTests.xctest`; on macOS a bundle directory.
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("storage-durability-probe").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        Issue.record("storage-durability-probe not found near \(executable.path)")
        throw CocoaError(.fileNoSuchFile)
    }

    @Test func acknowledgedLikesSurviveSIGKILL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("durable.sqlite")
        try SyntheticData.write(to: path, users: Self.users, friends: 2, moments: 1, likes: 0, seed: 1)
        let acknowledged = try Self.acknowledgedLikes(database: path)

        let connection = try Connection(path: path)
        defer { connection.close() }
        let stored = try connection.withStatement("SELECT moment_id, user_id FROM moment_likes") { statement in
            var pairs: Set<String> = []
            try statement.forEachRow { pairs.insert($0.text(at: 0) + "/" + $0.text(at: 1)) }
            return pairs
        }
        #expect(acknowledged.subtracting(stored).isEmpty, "lost: \(acknowledged.subtracting(stored).sorted())")
    }

    /// The same on PostgreSQL: every like acknowledged before SIGKILL is committed.
    @Test(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
    func acknowledgedLikesSurviveSIGKILLOnPostgreSQL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("durable.sqlite")
        try SyntheticData.write(to: path, users: Self.users, friends: 2, moments: 1, likes: 0, seed: 1)
        let uri = try PostgreSQLServer.shared().makeDatabase()
        try DatabaseCopy.copy(from: .sqlite(path: path), to: .postgreSQL(uri: uri))
        let acknowledged = try Self.acknowledgedLikes(database: uri)

        let connection = try PGConnection(uri: uri, settings: PGConnectionSettings())
        defer { connection.close() }
        let rows = try connection.query("SELECT moment_id, user_id FROM moment_likes")
        let stored = Set((0..<rows.count).map { rows.text($0, 0) + "/" + rows.text($0, 1) })
        #expect(acknowledged.subtracting(stored).isEmpty, "lost: \(acknowledged.subtracting(stored).sorted())")
    }

    /// Runs the probe on `database` and kills it with SIGKILL after `killAfter` acknowledgements.
    static func acknowledgedLikes(database: String) throws -> Set<String> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Self.probePath())
        process.arguments = [database, String(Self.users), String(Self.moments), "4"]
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        var acknowledged: Set<String> = []
        var buffer = ""
        var reads = 0
        // Bounded: each read returns at least one byte until the child exits.
        while acknowledged.count < Self.killAfter, !buffer.contains("done"), reads < 100_000 {
            reads += 1
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            buffer += String(decoding: data, as: UTF8.self)
            let lines = buffer.split(separator: "\n", omittingEmptySubsequences: false)
            buffer = String(lines.last ?? "")
            for line in lines.dropLast() where line.hasPrefix("ack ") {
                let parts = line.split(separator: " ")
                acknowledged.insert(parts[1] + "/" + parts[2])
            }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= Self.killAfter)
        return acknowledged
    }
}
