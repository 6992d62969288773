import Foundation
import Testing
import TestSupport

/// The real `moments-bff` binary, started on port 0 with its own database,
/// ready once it printed `listening on http://HOST:PORT`.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let baseURL: URL
    let port: Int
    let databasePath: String
    private let output: LineCollector
    /// Standard error by line; nil when the test passed its own pipe.
    private let errorOutput: LineCollector?

    struct StartupError: Error, CustomStringConvertible {
        var description: String
    }

    /// - Parameters:
    ///   - databasePath: reused across restarts to test persistence.
    ///   - arguments: extra command-line arguments.
    ///   - standardError: where the server's standard error goes; by default
    ///     it is read as it comes and kept (`stderr`, `waitForStderrLine`).
    init(
        databasePath: String, arguments: [String] = [], environment: [String: String] = [:],
        standardError: Pipe? = nil, deadline: Duration = .seconds(60)
    ) throws {
        self.databasePath = databasePath
        let binary = try Self.binaryURL()
        process.executableURL = binary
        process.arguments = ["--port", "0", "--database", try PostgreSQLServer.database(for: databasePath)] + arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        // The parent's HOST/PORT must not leak into the child.
        env["HOST"] = nil
        env["PORT"] = nil
        process.environment = env
        let stdout = Pipe()
        process.standardOutput = stdout
        if let standardError {
            process.standardError = standardError
            errorOutput = nil
        } else {
            let stderr = Pipe()
            process.standardError = stderr
            errorOutput = LineCollector(handle: stderr.fileHandleForReading)
        }
        output = LineCollector(handle: stdout.fileHandleForReading)
        try process.run()

        guard let line = output.waitForLine(prefix: "listening on http://", deadline: deadline) else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
            let log = errorOutput?.waitForEnd(deadline: .seconds(5)).joined(separator: "\n") ?? "(not collected)"
            throw StartupError(description: "moments-bff did not print its listening line; stderr:\n\(log)")
        }
        let address = String(line.dropFirst("listening on ".count))
        guard let url = URL(string: address), let port = url.port else {
            throw StartupError(description: "unparsable listening line: \(line)")
        }
        self.baseURL = url
        self.port = port
    }

    /// Runs `moments-bff` with `arguments` to its end (a subcommand, or a
    /// refused start): its exit status and standard output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(arguments, mergingStandardError: false)
    }

    /// As `run`, with standard error in the output too.
    static func runMergingStandardError(_ arguments: [String]) throws -> (status: Int32, output: String) {
        try run(arguments, mergingStandardError: true)
    }

    private static func run(_ arguments: [String], mergingStandardError: Bool) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try binaryURL()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = mergingStandardError ? output : FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Sends `signal` and waits (bounded) for the exit; returns the exit status.
    @discardableResult
    func stop(signal: Int32 = SIGTERM, deadline: Duration = .seconds(30)) -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, signal)
        let exited = DispatchSemaphore(value: 0)
        let process = self.process
        DispatchQueue.global().async {
            process.waitUntilExit()
            exited.signal()
        }
        let seconds = Double(deadline.components.seconds)
        guard exited.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            return nil
        }
        return process.terminationStatus
    }

    /// The standard output lines received so far (`listening on ...`, and before it `metrics on ...`).
    var stdoutLines: [String] { output.lines }

    /// The standard error lines received so far (log lines are written
    /// asynchronously: wait for the one you need with `waitForStderrLine`).
    var stderrLines: [String] { errorOutput?.lines ?? [] }

    /// The first standard error line `matching`, waiting for it until `deadline`.
    func waitForStderrLine(deadline: Duration = .seconds(10), where matching: (String) -> Bool) -> String? {
        errorOutput?.waitForLine(deadline: deadline, where: matching)
    }

    /// Finds the binary next to the running test bundle (as swift-argument-parser's
    /// test helpers do), or where MOMENTS_BFF_BINARY says.
    static func binaryURL() throws -> URL {
        if let override = ProcessInfo.processInfo.environment["MOMENTS_BFF_BINARY"] {
            return URL(fileURLWithPath: override)
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let candidates = [
            executable.deletingLastPathComponent().appendingPathComponent("moments-bff"),
            Bundle.main.bundleURL.appendingPathComponent("moments-bff"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("moments-bff"),
        ]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
            return candidate
        }
        throw StartupError(description: "moments-bff not found; searched \(candidates.map(\.path))")
    }
}

/// Collects a pipe's output by line, so a test can wait for one with a deadline.
final class LineCollector: @unchecked Sendable {
    private let lock = NSCondition()
    private var buffer = Data()
    private var received: [String] = []
    private var closed = false

    init(handle: FileHandle) {
        handle.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self else { return }
            self.lock.lock()
            if data.isEmpty {
                self.closed = true
                handle.readabilityHandler = nil
            } else {
                self.buffer.append(data)
                while let newline = self.buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: self.buffer[self.buffer.startIndex..<newline], as: UTF8.self)
                    self.received.append(line)
                    self.buffer.removeSubrange(self.buffer.startIndex...newline)
                }
            }
            self.lock.broadcast()
            self.lock.unlock()
        }
    }

    func waitForLine(prefix: String, deadline: Duration) -> String? {
        waitForLine(deadline: deadline) { $0.hasPrefix(prefix) }
    }

    /// The first line `matching`, waiting for it until `deadline`; nil if the pipe closes first.
    func waitForLine(deadline: Duration, where matching: (String) -> Bool) -> String? {
        let limit = Date().addingTimeInterval(Double(deadline.components.seconds))
        lock.lock()
        defer { lock.unlock() }
        while true {
            if let line = received.first(where: matching) { return line }
            if closed { return nil }
            if !lock.wait(until: limit) { return nil }
        }
    }

    /// Stops waiting for more: for a pipe whose write end the test process
    /// also holds (Foundation keeps it), so no end of file comes.
    func finish() {
        lock.lock()
        closed = true
        lock.broadcast()
        lock.unlock()
    }

    /// Every line, once the writer closed the pipe (or at `deadline`).
    func waitForEnd(deadline: Duration) -> [String] {
        let limit = Date().addingTimeInterval(Double(deadline.components.seconds))
        lock.lock()
        defer { lock.unlock() }
        while !closed && lock.wait(until: limit) {}
        return received
    }

    /// The lines received so far.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }
}

extension TemporaryDirectory {
    /// Where a test's database goes.
    var databasePath: String { file("moments.sqlite") }
}
