import Foundation
import HTTP1
import TestSupport

/// Decoders that share no code with ours: GNU gzip (its own inflate, not
/// zlib's; it checks the member's CRC-32 and length) and the brotli program
/// (Debian's `brotli` package, the reference decoder). A round trip through
/// them shows that what we send is what any client reads, not only that our
/// calls undo each other.
///
/// The brotli program is a test dependency: scripts/build-packages.sh lists
/// it when missing, and CI installs what that script lists. Without it the
/// tests fail, naming the package, rather than skip.
enum ReferenceDecoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func decode(_ bytes: [UInt8], _ coding: ContentCoding) throws -> [UInt8] {
        let program: String
        switch coding {
        case .gzip: program = "gzip"
        case .br: program = "brotli"
        case .identity: return bytes
        }
        guard let executable = find(program) else {
            throw Failure(description: "\(program) is not installed (apt-get install \(program); scripts/build-packages.sh lists it)")
        }
        let directory = try TemporaryDirectory()
        let input = directory.file("input"), output = directory.file("output")
        try Data(bytes).write(to: URL(fileURLWithPath: input))
        guard FileManager.default.createFile(atPath: output, contents: nil), let sink = FileHandle(forWritingAtPath: output) else {
            throw Failure(description: "cannot create \(output)")
        }
        defer { try? sink.close() }
        // Files, not pipes: a 4 MiB output would fill a pipe nobody reads meanwhile.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-d", "-c", input]
        let errors = Pipe()
        process.standardOutput = sink
        process.standardError = errors
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(
                description: "\(program) -d refused the \(coding) bytes (status \(process.terminationStatus)): "
                    + String(decoding: message, as: UTF8.self))
        }
        return try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
    }

    private static func find(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
