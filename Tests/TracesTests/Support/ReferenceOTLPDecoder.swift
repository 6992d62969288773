import Foundation
import TestSupport

/// The official OTLP definitions (PyPI's `opentelemetry-proto`, generated
/// from opentelemetry-proto's .proto files, read by Google's protobuf
/// runtime), so that our hand-written encodings are read by code that shares
/// nothing with them. Python from `MOMENTS_CLIENTS_PYTHON`, else the client
/// libraries' environment (scripts/client-libraries.sh installs the package
/// there), else `python3`. Skipped where the package is missing, unless
/// `MOMENTS_REQUIRE_CLIENT_LIBRARIES=1` (CI) makes that a failure.
enum ReferenceOTLPDecoder {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let python: [String] = {
        if let python = ProcessInfo.processInfo.environment["MOMENTS_CLIENTS_PYTHON"] { return [python] }
        let environment = RepositoryFile.path(".build/client-libraries/bin/python")
        return FileManager.default.isExecutableFile(atPath: environment) ? [environment] : ["/usr/bin/env", "python3"]
    }()

    static let isInstalled: Bool =
        (try? run(["-c", "import opentelemetry.proto.collector.trace.v1.trace_service_pb2"], input: []).status) == 0

    static var shouldRun: Bool {
        isInstalled || ProcessInfo.processInfo.environment["MOMENTS_REQUIRE_CLIENT_LIBRARIES"] == "1"
    }

    static let skipReason =
        "opentelemetry-proto is not installed (scripts/client-libraries.sh, or python3 -m pip install opentelemetry-proto); set MOMENTS_REQUIRE_CLIENT_LIBRARIES=1 to fail instead"

    /// `ExportTraceServiceRequest.ParseFromString(bytes)` as `MessageToDict`
    /// (lowerCamelCase names, int64 as strings), with ids as lowercase hex.
    static func decodeProtobuf(_ bytes: [UInt8]) throws -> [String: Any] {
        try object(try output(mode: "protobuf", bytes))
    }

    /// Our OTLP/JSON read by `json_format.Parse` (which refuses unknown
    /// names), after turning OTLP's hex ids into the base64 protobuf's JSON
    /// mapping expects: the message as `MessageToDict`, and serialised by protobuf.
    static func decodeJSON(_ bytes: [UInt8]) throws -> (message: [String: Any], protobuf: [UInt8]) {
        let result = try object(try output(mode: "json", bytes))
        guard let message = result["message"] as? [String: Any], let hex = result["protobuf"] as? String else {
            throw Failure(description: "unreadable decoder output")
        }
        var protobuf: [UInt8] = []
        var digits = hex.utf8.makeIterator()
        while let high = digits.next(), let low = digits.next() {
            guard let byte = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16) else { throw Failure(description: "bad hex") }
            protobuf.append(byte)
        }
        return (message, protobuf)
    }

    private static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "unreadable decoder output")
        }
        return object
    }

    private static func output(mode: String, _ input: [UInt8]) throws -> Data {
        guard isInstalled else { throw Failure(description: skipReason) }
        let result = try run(["-c", script, mode], input: input)
        guard result.status == 0 else {
            throw Failure(description: "opentelemetry-proto refused the \(mode) request: \(String(decoding: result.error, as: UTF8.self))")
        }
        return result.output
    }

    private static let script = """
        import base64, json, sys
        from google.protobuf import json_format
        from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
        IDS = ("traceId", "spanId", "parentSpanId")
        def ids(value, convert):
            if isinstance(value, dict):
                return {k: (convert(v) if k in IDS else ids(v, convert)) for k, v in value.items()}
            if isinstance(value, list):
                return [ids(v, convert) for v in value]
            return value
        to_hex = lambda v: base64.b64decode(v).hex()
        data = sys.stdin.buffer.read()
        request = ExportTraceServiceRequest()
        if sys.argv[1] == "protobuf":
            request.ParseFromString(data)
            json.dump(ids(json_format.MessageToDict(request), to_hex), sys.stdout)
        else:
            body = ids(json.loads(data), lambda v: base64.b64encode(bytes.fromhex(v)).decode())
            json_format.ParseDict(body, request)
            message = ids(json_format.MessageToDict(request), to_hex)
            json.dump({"message": message, "protobuf": request.SerializeToString().hex()}, sys.stdout)
        """

    /// Runs python to its end; the input and output are a few kilobytes, within a pipe's buffer.
    private static func run(_ arguments: [String], input: [UInt8]) throws -> (status: Int32, output: Data, error: Data) {
        // A decoder that died early must not take the test process down with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python[0])
        process.arguments = Array(python.dropFirst()) + arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try? stdin.fileHandleForWriting.write(contentsOf: Data(input))
        try? stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output, error)
    }
}
