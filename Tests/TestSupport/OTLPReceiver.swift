import Foundation
import Locking
import Testing

/// `otlp-receiver.py` (an OTLP/HTTP trace receiver of our own) as a child
/// process on 127.0.0.1: point the server's `OTEL_EXPORTER_OTLP_ENDPOINT` at
/// `endpoint` and read back what it exported, span by span. Killed (by its
/// PID) on `stop()` or when the test drops it.
///
/// It decodes protobuf with the official definitions (opentelemetry-proto),
/// so it runs on the client libraries' Python when that is installed, else on
/// `python3`. Without the package it throws `StartError.missingPackage`:
/// guard tests with `.enabled(if: OTLPReceiver.shouldRun, OTLPReceiver.skipReason)`.
package final class OTLPReceiver: Sendable {
    /// How it answers exports: 200 with an empty ExportTraceServiceResponse,
    /// never (it reads the request and keeps the connection open), or 503.
    package enum Mode: String, Sendable {
        case ok, hang, fail
    }

    package enum StartError: Error, CustomStringConvertible {
        case missingScript
        case missingPackage(python: String, stderr: String)
        case noListeningLine(python: String, stdout: [String], stderr: String)

        package var description: String {
            switch self {
            case .missingScript: "otlp-receiver.py is not among TestSupport's resources"
            case .missingPackage(let python, let stderr):
                "\(python) lacks opentelemetry-proto (run scripts/client-libraries.sh): \(stderr)"
            case .noListeningLine(let python, let stdout, let stderr):
                "otlp-receiver.py on \(python) did not print its port; stdout: \(stdout), stderr: \(stderr)"
            }
        }
    }

    /// One POST as the receiver summed it up; `spans` is 0 for one it refused.
    package struct Request: Sendable, Hashable {
        package var bytes: Int
        package var contentType: String
        package var spans: Int
    }

    /// What the reader of the child's output has gathered so far.
    private struct Output: Sendable {
        var pending = Data()
        var lines: [String] = []
        var port: Int?
        var spans: [ReceivedSpan] = []
        var requests: [Request] = []
        var errors: [String] = []
        var stderr = Data()
    }

    package let port: Int
    package var endpoint: String { "http://127.0.0.1:\(port)" }
    private let process = Process()
    private let output = Locked(Output())
    private let stdout = Pipe()
    private let stderr = Pipe()
    /// Never written: its end of file tells the receiver that this process
    /// died (`--exit-with-stdin`), so a crashed test leaves none behind.
    private let stdin = Pipe()

    /// The interpreter it runs on: the client libraries' when installed.
    package static var python: String { ClientLibraries.isInstalled ? ClientLibraries.python : "python3" }

    /// Whether `python` can import the official definitions; asked once, of the interpreter itself.
    package static let isAvailable: Bool = {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = [python, "-c", "import opentelemetry.proto.collector.trace.v1.trace_service_pb2"]
        check.standardOutput = FileHandle.nullDevice
        check.standardError = FileHandle.nullDevice
        guard (try? check.run()) != nil else { return false }
        check.waitUntilExit()
        return check.terminationStatus == 0
    }()

    /// Run the tracing tests: the receiver can start, or CI requires them (then a missing package fails them).
    package static var shouldRun: Bool { isAvailable || ClientLibraries.isRequired }

    /// Shown for skipped tests; a `Comment`, as `.enabled(if:_:)` takes it.
    package static let skipReason: Comment =
        "run scripts/client-libraries.sh first (opentelemetry-proto in a virtual environment); MOMENTS_REQUIRE_CLIENT_LIBRARIES=1 fails instead"

    package init(mode: Mode = .ok, startTimeout: Duration = .seconds(30)) throws {
        guard let script = Bundle.module.path(forResource: "otlp-receiver", ofType: "py") else { throw StartError.missingScript }
        let python = Self.python
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script, "--mode", mode.rawValue, "--exit-with-stdin"]
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let output = output
        stdout.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            // Parsed outside the lock; only the appends hold it.
            let lines: [String] = output.withLock { state in
                state.pending.append(data)
                var complete: [String] = []
                while let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) {
                    complete.append(String(decoding: state.pending[state.pending.startIndex..<newline], as: UTF8.self))
                    state.pending.removeSubrange(state.pending.startIndex...newline)
                }
                return complete
            }
            let parsed = lines.map(Self.parse)
            output.withLock { state in
                state.lines += lines
                for line in parsed { line(&state) }
            }
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        stderr.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            output.withLock { $0.stderr.append(data) }
            if data.isEmpty { handle.readabilityHandler = nil }
        }
        try process.run()
        // Until the port or the exit, with a deadline: a receiver that hangs must not hang the test.
        let process = process
        _ = eventually(within: startTimeout) { output.withLock { $0.port != nil } || !process.isRunning }
        guard let port = output.withLock({ $0.port }) else {
            let exited = !process.isRunning
            if exited {
                // Its last words may still be in the pipe, on their way to the handler above.
                _ = eventually(within: .seconds(2)) { output.withLock { !$0.stderr.isEmpty } }
            } else {
                kill(process.processIdentifier, SIGKILL)
            }
            process.waitUntilExit()
            Self.stopReading(stdout, stderr)
            let stderr = output.withLock { String(decoding: $0.stderr, as: UTF8.self) }
            // otlp-receiver.py exits 3 when it cannot import the definitions.
            if exited, process.terminationStatus == 3 { throw StartError.missingPackage(python: python, stderr: stderr) }
            throw StartError.noListeningLine(python: python, stdout: output.withLock { $0.lines }, stderr: stderr)
        }
        self.port = port
    }

    /// How one printed line changes what has been gathered.
    private static func parse(_ line: String) -> @Sendable (inout Output) -> Void {
        if line.hasPrefix("listening on "), let port = Int(line.dropFirst("listening on ".count)) {
            return { $0.port = port }
        }
        guard let object = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] else { return { _ in } }
        if let request = object["request"] as? [String: Any],
           let bytes = request["bytes"] as? Int, let contentType = request["contentType"] as? String,
           let spans = request["spans"] as? Int {
            let summary = Request(bytes: bytes, contentType: contentType, spans: spans)
            return { $0.requests.append(summary) }
        }
        if let error = object["error"] as? String {
            return { $0.errors.append(error) }
        }
        if let span = try? ReceivedSpan(json: object) {
            return { $0.spans.append(span) }
        }
        return { _ in }  // kept in `lines` only, for failure messages
    }

    /// The spans received so far, in the order they came.
    package var spans: [ReceivedSpan] { output.withLock { $0.spans } }

    /// Every export request so far, refused ones included.
    package var requests: [Request] { output.withLock { $0.requests } }

    /// Why each refused request was refused.
    package var errors: [String] { output.withLock { $0.errors } }

    /// Everything it printed, line by line, and its standard error: for failure messages.
    package var transcript: String {
        output.withLock { $0.lines.joined(separator: "\n") + "\n" + String(decoding: $0.stderr, as: UTF8.self) }
    }

    /// The spans once `condition` holds for them, or as they are when `timeout` passes
    /// (the caller's `#expect` then shows what came).
    package func waitForSpans(
        within timeout: Duration = .seconds(10), until condition: ([ReceivedSpan]) -> Bool
    ) -> [ReceivedSpan] {
        _ = eventually(within: timeout) { condition(spans) }
        return spans
    }

    /// The spans once there are at least `count`, or as they are at `timeout`.
    package func waitForSpans(count: Int, within timeout: Duration = .seconds(10)) -> [ReceivedSpan] {
        waitForSpans(within: timeout) { $0.count >= count }
    }

    /// The requests once there are at least `count` (every span of each is in
    /// `spans` by then: the receiver prints a request's spans first), or at `timeout`.
    package func waitForRequests(count: Int, within timeout: Duration = .seconds(10)) -> [Request] {
        _ = eventually(within: timeout) { requests.count >= count }
        return requests
    }

    /// Kills it; what it printed and was not read yet is dropped, so read before.
    package func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        Self.stopReading(stdout, stderr)
    }

    /// Cancels the pipes' read sources: one left armed outlives its FileHandle
    /// (its handler holds the handle weakly) and keeps firing on end of file.
    private static func stopReading(_ pipes: Pipe...) {
        for pipe in pipes { pipe.fileHandleForReading.readabilityHandler = nil }
    }

    deinit { stop() }
}
