import Foundation
import JSON
import Testing

@testable import Toggles

/// Every case of Unleash's client specification (the fixtures pinned in
/// `Fixtures/client-specification`), one test argument per case.
@Suite struct ClientSpecificationTests {
    @Test(arguments: SpecificationCase.all)
    func specificationCase(_ specCase: SpecificationCase) throws {
        let state = try ToggleState(json: specCase.state)
        // A fixed clock and a fixed "random": the specification's cases do not depend on either.
        let evaluator = ToggleEvaluator(state: state, environment: EvaluationEnvironment(now: 1_700_000_000, random: { _ in 1 }))
        let context = ToggleContext(json: specCase.context)
        switch specCase.expected {
        case .enabled(let expected):
            #expect(evaluator.isEnabled(specCase.toggleName, context: context) == expected, "\(specCase.description)")
        case .variant(let expected):
            let variant = evaluator.variant(specCase.toggleName, context: context)
            // Key order differs between the fixtures and our output; compare sorted.
            #expect(sortedJSON(variant.specificationJSON) == sortedJSON(expected), "\(specCase.description)")
        }
    }

    /// Every file of the index is there and contributes cases.
    @Test func everyFileOfTheIndexRuns() throws {
        let files = try SpecificationCase.indexFiles()
        #expect(files.count == 22)
        let casesPerFile = Dictionary(grouping: SpecificationCase.all, by: \.file).mapValues(\.count)
        for file in files { #expect(casesPerFile[file, default: 0] > 0, "\(file)") }
    }
}

func sortedJSON(_ value: JSONValue) -> String {
    var bytes: [UInt8] = []
    JSONWriter.write(value, sortingKeys: true, into: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

struct SpecificationCase: Sendable, CustomTestStringConvertible {
    enum Expected: Sendable { case enabled(Bool), variant(JSONValue) }

    let file: String
    let description: String
    let state: JSONValue
    let context: JSONValue
    let toggleName: String
    let expected: Expected

    var testDescription: String { "\(file): \(description)" }

    static let all: [SpecificationCase] = (try? load()) ?? []

    static func directory() throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/client-specification", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return url
    }

    static func indexFiles() throws -> [String] {
        let index = try JSONParser.parse(Array(Data(contentsOf: directory().appendingPathComponent("index.json"))))
        guard case .array(let names) = index else { return [] }
        return names.compactMap { if case .string(let name) = $0 { name } else { nil } }
    }

    static func load() throws -> [SpecificationCase] {
        var cases: [SpecificationCase] = []
        for file in try indexFiles() {
            let json = try JSONParser.parse(Array(Data(contentsOf: directory().appendingPathComponent(file))))
            guard case .object(let root) = json, let state = root["state"] else { continue }
            for (key, isVariant) in [("tests", false), ("variantTests", true)] {
                guard case .array(let tests)? = root[key] else { continue }
                for case .object(let test) in tests {
                    guard case .string(let name)? = test["toggleName"], let expected = test["expectedResult"] else { continue }
                    var description = ""
                    if case .string(let text)? = test["description"] { description = text }
                    let outcome: Expected
                    if isVariant {
                        outcome = .variant(expected)
                    } else if case .bool(let flag) = expected {
                        outcome = .enabled(flag)
                    } else {
                        continue
                    }
                    cases.append(
                        SpecificationCase(
                            file: file, description: description, state: state, context: test["context"] ?? .null,
                            toggleName: name, expected: outcome))
                }
            }
        }
        return cases
    }
}
