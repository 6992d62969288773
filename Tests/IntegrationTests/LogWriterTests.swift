import Foundation
import Testing

@testable import moments_bff

/// `LogWriter` on a pipe nobody reads: producers never wait, and every line
/// is either written or counted.
@Suite struct LogWriterTests {
    /// `F_SETPIPE_SZ` (Linux), which Glibc's Swift module leaves out.
    static let setPipeSize: Int32 = 1031

    @Test func fullBufferDropsAndCountsThenSaysHowMany() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        _ = fcntl(descriptors[1], Self.setPipeSize, 4_096)  // best effort: the count below overflows 64 KiB too
        let writer = LogWriter(capacity: 4_096, label: "test", descriptor: descriptors[1])
        let line = Array((String(repeating: "x", count: 99) + "\n").utf8)
        let lineCount = 2_000  // 200 KB: more than the pipe, the batch in flight and the buffer hold
        let started = ContinuousClock.now
        for _ in 0..<lineCount { writer.append(line) }
        // Nobody has read yet: appending must not have waited for the pipe.
        #expect(ContinuousClock.now - started < .seconds(5))

        // Now drain the pipe to its end while the writer catches up.
        let reader = PipeReader(descriptor: descriptors[0])
        writer.finish(timeout: .seconds(10))
        close(descriptors[1])
        let received = try #require(reader.wait(deadline: .seconds(10)))

        // Every line was either written or counted in a report (a report
        // follows each batch taken after drops, so there may be several).
        let lines = String(decoding: received, as: UTF8.self).split(separator: "\n")
        let written = lines.filter { $0 == String(repeating: "x", count: 99) }.count
        let reports = lines.filter { $0.contains(" warning test: dropped ") }
        let dropped = reports.compactMap { Int($0.split(separator: " ")[4]) }.reduce(0, +)
        #expect(!reports.isEmpty)
        #expect(reports.allSatisfy { $0.hasSuffix(" log lines while standard error was blocked") || $0.hasSuffix(" log line while standard error was blocked") })
        #expect(written + dropped == lineCount)
        #expect(written + reports.count == lines.count)
    }

    @Test func finishWritesWhatIsQueued() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer { close(descriptors[0]) }
        let writer = LogWriter(capacity: 4_096, label: "test", descriptor: descriptors[1])
        for index in 0..<10 { writer.append(Array("line \(index)\n".utf8)) }
        writer.finish()
        close(descriptors[1])
        let received = try #require(PipeReader(descriptor: descriptors[0]).wait(deadline: .seconds(10)))
        #expect(String(decoding: received, as: UTF8.self) == (0..<10).map { "line \($0)\n" }.joined())
    }
}

/// Reads a descriptor to its end on a thread of its own.
final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private let ended = DispatchSemaphore(value: 0)

    init(descriptor: Int32) {
        DispatchQueue.global().async { [self] in
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                lock.withLock { bytes += chunk[0..<count] }
            }
            ended.signal()
        }
    }

    /// Everything read, once the descriptor reached its end; nil if it did not by `deadline`.
    func wait(deadline: Duration) -> [UInt8]? {
        guard ended.wait(timeout: .now() + .seconds(Int(deadline.components.seconds))) == .success else { return nil }
        return lock.withLock { bytes }
    }
}
