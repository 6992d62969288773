import Foundation
import Testing
import TestSupport

/// Out-of-range numbers on the command line or in the environment are
/// refused at start-up with a message naming the option and its range:
/// a usage error, never a crash, never a server that starts anyway.
@Suite struct ConfigurationRefusalTests {
    struct RefusalCase: Sendable, CustomStringConvertible {
        var arguments: [String]
        var environment: [String: String] = [:]
        var message: String
        var description: String { (environment.map { "\($0)=\($1)" } + arguments).joined(separator: " ") }
    }

    static let cases: [RefusalCase] = [
        .init(arguments: ["--header-timeout", "1e300"], message: "--header-timeout must be between 0.001 and 86400 seconds (got 1e300)"),
        .init(arguments: ["--idle-timeout", "nan"], message: "--idle-timeout must be between 0.001 and 86400 seconds (got nan)"),
        .init(arguments: ["--write-timeout", "inf"], message: "--write-timeout must be between 0.001 and 86400 seconds (got inf)"),
        .init(arguments: ["--body-timeout", "-1"], message: "--body-timeout must be between 0.001 and 86400 seconds (got -1)"),
        .init(arguments: ["--shutdown-grace", "soon"], message: "--shutdown-grace must be between 0 and 3600 seconds (got soon)"),
        .init(arguments: ["--max-body-bytes", "99999999999999999999"],
              message: "--max-body-bytes must be between 0 and 1073741824 bytes (got 99999999999999999999)"),
        .init(arguments: ["--max-connections", "-5"], message: "--max-connections must be between 1 and 1000000 (got -5)"),
        .init(arguments: ["--readers", "0"], message: "--readers must be between 1 and 64 (got 0)"),
        .init(arguments: ["--max-depth", "100000"], message: "--max-depth must be between 1 and 256 (got 100000)"),
        .init(arguments: ["--document-cache-size", "-1"], message: "--document-cache-size must be between 0 and 100000 (got -1)"),
        .init(arguments: ["--max-header-count", "0"], message: "--max-header-count must be between 1 and 10000 (got 0)"),
        .init(arguments: ["--port", "65536"], message: "--port must be between 0 and 65535 (got 65536)"),
        .init(arguments: [], environment: ["HEADER_TIMEOUT": "1e300"],
              message: "HEADER_TIMEOUT (--header-timeout) must be between 0.001 and 86400 seconds (got 1e300)"),
        .init(arguments: [], environment: ["MAX_BODY_BYTES": "-1"],
              message: "MAX_BODY_BYTES (--max-body-bytes) must be between 0 and 1073741824 bytes (got -1)"),
        .init(arguments: [], environment: ["PORT": "http"], message: "PORT (--port) must be between 0 and 65535 (got http)"),
        .init(arguments: [], environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_TRACES_SAMPLER": "sometimes"],
              message: "traces: OTEL_TRACES_SAMPLER: expected always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio, not sometimes"),
        .init(arguments: ["--otel-exporter-otlp-endpoint", "http://127.0.0.1:4318", "--otel-exporter-otlp-protocol", "grpc"],
              message: "traces: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: expected http/protobuf or http/json (gRPC is not supported; send OTLP/HTTP to the collector's port 4318), not grpc"),
        .init(arguments: [], environment: ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:4318", "OTEL_BSP_MAX_QUEUE_SIZE": "99999999999999999999"],
              message: "traces: OTEL_BSP_MAX_QUEUE_SIZE: expected a whole number from 1 to 65536, not 99999999999999999999"),
        .init(arguments: ["seed", "--synthetic", "--users", "-1"], message: "--users must be between 1 and 1000000 (got -1)"),
        .init(arguments: ["seed", "--synthetic", "--likes", "99999999999999999999"],
              message: "--likes must be between 0 and 1000 (got 99999999999999999999)"),
    ]

    @Test(arguments: cases)
    func outOfRangeNumberIsRefusedByName(_ testCase: RefusalCase) throws {
        let directory = try TemporaryDirectory()
        let process = Process()
        process.executableURL = try ServerProcess.binaryURL()
        var arguments = testCase.arguments + ["--database", directory.databasePath]
        if !arguments.contains("--port"), testCase.environment["PORT"] == nil, !arguments.contains("seed") {
            arguments += ["--port", "0"]
        }
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for name in ["HOST", "PORT"] { environment[name] = nil }
        environment.merge(testCase.environment) { $1 }
        process.environment = environment
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let output = LineCollector(handle: stdout.fileHandleForReading)
        let errors = LineCollector(handle: stderr.fileHandleForReading)
        process.terminationHandler = { _ in output.finish() }
        try process.run()

        // A server that starts anyway prints its listening line: stop it and fail.
        if let line = output.waitForLine(prefix: "listening on", deadline: .seconds(60)) {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("started instead of refusing: \(line)")
            return
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }  // neither listening nor exiting
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus)")
        #expect(process.terminationStatus != 0)
        let expected = "Error: \(testCase.message)"
        let message = errors.waitForLine(deadline: .seconds(10)) { $0 == expected }
        #expect(message != nil, "stderr: \(errors.lines)")
    }
}
