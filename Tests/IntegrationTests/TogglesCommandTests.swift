import Foundation
import Testing
import TestSupport

/// `moments-bff toggles evaluate`, the real binary: what QA and product run
/// against a state file before flipping a toggle.
@Suite struct TogglesCommandTests {
    static let state = """
        {"version": 1, "features": [
          {"name": "isLikeButtonForMomentEnabled", "enabled": true,
           "strategies": [{"name": "default", "constraints": [
             {"contextName": "appVersion", "operator": "SEMVER_GTE", "value": "1.4.0"}]}],
           "variants": [{"name": "blue", "weight": 1000, "payload": {"type": "json", "value": "{\\"color\\":\\"blue\\"}"}}]},
          {"name": "plain", "enabled": true, "strategies": []}
        ]}
        """

    func evaluate(_ arguments: [String], context: String? = nil) throws -> (status: Int32, output: String, error: String) {
        let directory = try TemporaryDirectory()
        try Self.state.write(toFile: directory.file("features.json"), atomically: true, encoding: .utf8)
        var contextArguments: [String] = []
        if let context {
            try context.write(toFile: directory.file("context.json"), atomically: true, encoding: .utf8)
            contextArguments = ["--context", directory.file("context.json")]
        }
        let process = Process()
        process.executableURL = try ServerProcess.binaryURL()
        process.arguments = ["toggles", "evaluate", "--features", directory.file("features.json")] + contextArguments + arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    @Test func likeButtonFollowsTheAppVersion() throws {
        #expect(try evaluate(["isLikeButtonForMomentEnabled"], context: #"{"properties": {"appVersion": "1.4.0"}}"#).output == "true\n")
        #expect(try evaluate(["isLikeButtonForMomentEnabled"], context: #"{"properties": {"appVersion": "1.3.9"}}"#).output == "false\n")
        #expect(try evaluate(["isLikeButtonForMomentEnabled"]).output == "false\n")
        #expect(try evaluate(["unknown.toggle"]).output == "false\n")
    }

    @Test func variantIsOneLineOfSpecificationJSON() throws {
        let enabled = try evaluate(["--variant", "isLikeButtonForMomentEnabled"], context: #"{"properties": {"appVersion": "2.0.0"}}"#)
        #expect(enabled.output == #"{"name":"blue","enabled":true,"feature_enabled":true,"payload":{"type":"json","value":"{\"color\":\"blue\"}"}}"# + "\n")
        // No payload key when there is none.
        #expect(try evaluate(["--variant", "plain"]).output == #"{"name":"disabled","enabled":false,"feature_enabled":true}"# + "\n")
        #expect(try evaluate(["--variant", "missing"]).output == #"{"name":"disabled","enabled":false,"feature_enabled":false}"# + "\n")
    }

    @Test func badContextIsAClearError() throws {
        let result = try evaluate(["plain"], context: "{not json")
        #expect(result.status != 0)
        #expect(result.error.contains("context.json: not JSON"))
        #expect(result.output.isEmpty)
    }
}
