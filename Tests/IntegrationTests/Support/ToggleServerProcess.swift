import Foundation
import TestSupport

/// Tests/ToggleSourceTests/toggle-server.py (an Unleash-like toggle server of
/// our own) as a child process on 127.0.0.1, steered through its directory.
final class ToggleServerProcess: @unchecked Sendable {
    let directory: TemporaryDirectory
    let process = Process()
    let port: Int
    var url: String { "http://127.0.0.1:\(port)" }

    struct StartError: Error {}

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("ToggleSourceTests/toggle-server.py").path
    }

    init(state: String) throws {
        directory = try TemporaryDirectory()
        try state.write(toFile: directory.file("state.json"), atomically: true, encoding: .utf8)
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.script, directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(process.processIdentifier, SIGKILL)
            throw StartError()
        }
        self.port = port
    }

    func setState(_ state: String) throws {
        try state.write(toFile: directory.file("state.json"), atomically: true, encoding: .utf8)
    }

    func setMode(_ mode: String) throws {
        try mode.write(toFile: directory.file("mode"), atomically: true, encoding: .utf8)
    }

    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    deinit { stop() }
}
