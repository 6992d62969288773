import Foundation
import Testing
import TestSupport

/// A toggle state whose variants' weights add up past `Int.max`, from a file
/// or from the toggles cache, through the real binary: refused at load with a
/// line naming the toggle, the built-in toggles served instead, and the
/// process alive.
@Suite struct ToggleStateRefusalTests {
    static let overflowing = """
        {"version":2,"features":[{"name":"x","enabled":true,"strategies":[],\
        "variants":[{"name":"a","weight":9223372036854775807},{"name":"b","weight":1}]}]}
        """
    static let query = "{ featureToggles(userID: \"7\") { name enabled variant { name } } }"

    func toggleNames(port: Int) throws -> [String] {
        let reply = try BlockingRequest.graphQL(port: port, query: Self.query, headers: GraphQLClient.appHeaders)
        let data = try #require(try reply.json["data"] as? [String: Any])
        return try #require(data["featureToggles"] as? [[String: Any]]).compactMap { $0["name"] as? String }
    }

    /// Starts the server with `arguments`, waits for the refusal's log line
    /// (`from` names the source: the file's path or `toggle cache`), and asks for the toggles.
    func expectRefusedAndBuiltInServed(_ directory: TemporaryDirectory, arguments: [String], from source: String) throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: arguments)
        defer { _ = server.stop() }
        #expect(server.waitForStderrLine { $0.contains(source) && $0.contains(#"toggle "x" cannot be evaluated"#) } != nil)
        for _ in 0..<3 {
            #expect(try toggleNames(port: server.port) == ["isLikeButtonForMomentEnabled"])
        }
        #expect(server.process.isRunning)
    }

    @Test func aFileWhoseWeightsOverflowIsRefusedAndTheServerLives() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("features.json")
        try Self.overflowing.write(toFile: file, atomically: true, encoding: .utf8)
        try expectRefusedAndBuiltInServed(directory, arguments: ["--toggles-file", file], from: file)
    }

    /// The toggles cache of an earlier run holds the state (written by a version
    /// that accepted it): the next start refuses it and serves the built-in toggles.
    @Test func aCachedStateWhoseWeightsOverflowIsRefusedAtStart() throws {
        let directory = try TemporaryDirectory()
        let cache = directory.file("toggles.json")
        try Self.overflowing.write(toFile: cache, atomically: true, encoding: .utf8)
        // Nothing listens on port 1: every fetch fails, so only the cache could give a state.
        try expectRefusedAndBuiltInServed(
            directory, arguments: ["--toggles-url", "http://127.0.0.1:1/api/client/features", "--toggles-cache", cache],
            from: "toggle cache")
    }

    @Test func theEvaluateCommandRefusesTheStateWithAClearError() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("features.json")
        try Self.overflowing.write(toFile: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try ServerProcess.binaryURL()
        process.arguments = ["toggles", "evaluate", "--variant", "--features", file, "x"]
        let error = Pipe()
        process.standardOutput = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect(process.terminationStatus != 0)
        #expect(message.contains(#"toggle "x" cannot be evaluated: its variants' weights add up past 9223372036854775807"#), "\(message)")
    }
}
