import ArgumentParser
import FoundationEssentials
import JSON
import Toggles

/// `moments-bff toggles`: tools for QA and product around remote toggles.
struct TogglesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggles",
        abstract: "Evaluate remote toggles (Unleash client-API format) without a server.",
        subcommands: [ToggleEvaluateCommand.self]
    )
}

/// `moments-bff toggles evaluate --features FILE --context CONTEXT.json NAME`.
struct ToggleEvaluateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "evaluate",
        abstract: "Print whether a toggle is enabled (true/false), or with --variant its variant as one line of JSON.",
        discussion: """
            FILE is a toggle state in the format of Unleash's client API (GET /api/client/features).
            CONTEXT is an Unleash context object: {"userId": "7", "properties": {"appVersion": "1.4.0"}}.
            The variant is printed as {"name":…,"enabled":…,"feature_enabled":…,"payload":{"type":…,"value":…}}.
            """
    )

    @Option(help: "The toggle state file (client-API JSON, at most 4 MiB).")
    var features: String

    @Option(help: "The Unleash context, a JSON file (at most 64 KiB); default: an empty context.")
    var context: String?

    @Flag(help: "Print the variant instead of true/false.")
    var variant = false

    @Argument(help: "The toggle's name.")
    var name: String

    func run() throws {
        let limits = ToggleLimits()
        let state: ToggleState
        do {
            state = try ToggleState.parse(try Self.read(features, limit: limits.maxStateBytes), limits: limits)
        } catch let error as ToggleStateError {
            throw ValidationError("\(features): \(error)")
        }
        var toggleContext = ToggleContext()
        if let context {
            let bytes = try Self.read(context, limit: 64 << 10)
            do {
                toggleContext = ToggleContext(json: try JSONParser.parse(bytes))
            } catch {
                throw ValidationError("\(context): not JSON: \(error)")
            }
        }
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: Date().timeIntervalSince1970))
        if variant {
            var output: [UInt8] = []
            JSONWriter.write(evaluator.variant(name, context: toggleContext).specificationJSON, into: &output)
            print(String(decoding: output, as: UTF8.self))
        } else {
            print(evaluator.isEnabled(name, context: toggleContext))
        }
    }

    /// Reads at most `limit` bytes; a bigger file is refused, not truncated.
    static func read(_ path: String, limit: Int) throws -> [UInt8] {
        let data: Data
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            if let size = attributes[.size] as? Int, size > limit {
                throw ValidationError("\(path) is \(size) bytes, more than the limit of \(limit)")
            }
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch let error as ValidationError {
            throw error
        } catch {
            throw ValidationError("cannot read \(path): \(error)")
        }
        guard data.count <= limit else { throw ValidationError("\(path) is more than \(limit) bytes") }
        return Array(data)
    }
}
