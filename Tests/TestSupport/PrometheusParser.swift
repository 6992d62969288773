import Foundation

/// The reference parsers of the Prometheus text format and of OpenMetrics:
/// `prometheus_client` (PyPI's `prometheus-client`, the official Python
/// client) run by `python3`. A test that scrapes `/metrics` hands the output
/// to it and asserts on what it read, so our format is checked by someone
/// else's parser, not by ours.
///
/// Skipped where `prometheus_client` is not installed, unless
/// `MOMENTS_REQUIRE_PROMETHEUS_CLIENT=1` (set by `.ci/run`, which installs
/// it): then a missing parser fails the tests.
package enum PrometheusParser {
    package struct Sample: Equatable, Sendable {
        package var name: String
        package var labels: [String: String]
        package var value: Double
    }

    package struct Family: Sendable {
        package var name: String
        package var type: String
        package var samples: [Sample]
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    package static var isRequired: Bool {
        ProcessInfo.processInfo.environment["MOMENTS_REQUIRE_PROMETHEUS_CLIENT"] == "1"
    }

    /// Whether `python3 -c 'import prometheus_client'` succeeds (asked once).
    package static let isInstalled: Bool = (try? run(arguments: ["-c", "import prometheus_client"], input: Data()).status) == 0

    package static var shouldRun: Bool { isInstalled || isRequired }

    package static let skipReason =
        "prometheus_client is not installed (python3 -m pip install prometheus-client); set MOMENTS_REQUIRE_PROMETHEUS_CLIENT=1 to fail instead"

    /// Parses `exposition` as the text format (`text_string_to_metric_families`)
    /// or as OpenMetrics (`openmetrics.parser`); throws with the parser's message when it refuses.
    package static func parse(_ exposition: String, openMetrics: Bool = false) throws -> [Family] {
        guard isInstalled else { throw Failure(description: skipReason) }
        let result = try run(arguments: ["-c", script, openMetrics ? "openmetrics" : "text"], input: Data(exposition.utf8))
        guard result.status == 0 else {
            throw Failure(description: "prometheus_client refused the exposition: \(String(decoding: result.error, as: UTF8.self))")
        }
        guard let families = try JSONSerialization.jsonObject(with: result.output) as? [[String: Any]] else {
            throw Failure(description: "unreadable parser output")
        }
        return families.map { family in
            let samples = (family["samples"] as? [[String: Any]] ?? []).map { sample in
                Sample(
                    name: sample["name"] as? String ?? "", labels: sample["labels"] as? [String: String] ?? [:],
                    value: (sample["value"] as? NSNumber)?.doubleValue ?? .nan)
            }
            return Family(name: family["name"] as? String ?? "", type: family["type"] as? String ?? "", samples: samples)
        }
    }

    private static let script = """
        import json, math, sys
        text = sys.stdin.buffer.read().decode("utf-8")
        if sys.argv[1] == "openmetrics":
            from prometheus_client.openmetrics.parser import text_string_to_metric_families
        else:
            from prometheus_client.parser import text_string_to_metric_families
        out = []
        for family in text_string_to_metric_families(text):
            samples = [{"name": s.name, "labels": dict(s.labels),
                        "value": s.value if math.isfinite(s.value) else None} for s in family.samples]
            out.append({"name": family.name, "type": family.type, "samples": samples})
        json.dump(out, sys.stdout)
        """

    /// Runs python3 to its end. In turn, without threads: the script reads all of its
    /// input before it writes, and writes its (small) error output only when it fails.
    private static func run(arguments: [String], input: Data) throws -> (status: Int32, output: Data, error: Data) {
        // A parser that died early must not take the test process down with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, error)
    }
}
