import Foundation

/// `toggle-server.py` (an Unleash-like toggle server of our own) as a child
/// process on 127.0.0.1, with the directory that steers it. Killed (by its
/// PID) when the test drops it.
package final class ToggleServer: @unchecked Sendable {
    package let directory: TemporaryDirectory
    package let process = Process()
    package let port: Int
    package var url: String { "http://127.0.0.1:\(port)" }

    package struct StartError: Error {}

    package init(state: String) throws {
        directory = try TemporaryDirectory()
        guard let script = Bundle.module.path(forResource: "toggle-server", ofType: "py") else { throw StartError() }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try state.write(toFile: directory.file("state.json"), atomically: true, encoding: .utf8)
        try process.run()
        // The first line is the port; the deadline is the read's EOF if python dies.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            process.terminate()
            throw StartError()
        }
        self.port = port
    }

    package func setState(_ state: String) throws {
        try state.write(toFile: directory.file("state.json"), atomically: true, encoding: .utf8)
    }

    package func setMode(_ mode: String) throws {
        try mode.write(toFile: directory.file("mode"), atomically: true, encoding: .utf8)
    }

    /// The ETag's raw bytes from now on, whatever they hold.
    package func setETag(_ bytes: [UInt8]) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: directory.file("etag")), options: .atomic)
    }

    /// The If-None-Match of each request so far, as Python's `repr` (`'-'` for none).
    package var conditions: [String] {
        ((try? String(contentsOfFile: directory.file("conditions.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    package var requests: [String] {
        ((try? String(contentsOfFile: directory.file("requests.log"), encoding: .utf8)) ?? "")
            .split(separator: "\n").map(String.init)
    }

    package func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
