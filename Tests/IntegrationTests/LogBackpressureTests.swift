import Foundation
import Testing
import TestSupport

/// A stalled standard error (a stuck log collector) costs log lines, never responses.
@Suite struct LogBackpressureTests {
    @Test func blockedStandardErrorDelaysNoResponse() throws {
        let directory = try TemporaryDirectory()
        let standardError = Pipe()
        // One page instead of 64 KiB, so a few hundred lines fill it.
        _ = fcntl(standardError.fileHandleForWriting.fileDescriptor, LogWriterTests.setPipeSize, 4_096)
        let server = try ServerProcess(
            databasePath: directory.databasePath, arguments: ["--log-buffer-bytes", "16384"], standardError: standardError)

        // Nobody reads standard error from here on: about 20 KiB of it fits
        // (pipe and buffer), a few hundred access lines; then the writer blocks.
        let client = try RawClient(port: server.port, timeout: .seconds(5))
        let request = "GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
        let started = ContinuousClock.now
        for _ in 0..<30 {
            try client.send(String(repeating: request, count: 100))
            let responses = try client.readResponses(100)  // throws when a read waits 5 s
            #expect(responses.allSatisfy { $0.status == 200 })
        }
        #expect(ContinuousClock.now - started < .seconds(30))

        // Reading again lets the writer catch up and say what it dropped.
        let lines = LineCollector(handle: standardError.fileHandleForReading)
        let report = try #require(lines.waitForLine(deadline: .seconds(10)) {
            $0.contains(" log lines while standard error was blocked")
        })
        #expect(report.contains(" warning moments-bff: dropped "))
        let count = try #require(Int(report.split(separator: " ")[4]))
        #expect(count > 0 && count < 3_000)
        #expect(server.stop() == 0)
    }
}
