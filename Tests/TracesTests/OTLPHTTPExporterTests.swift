import Foundation
import Testing
@testable import Traces

/// The exporter's POST, received by a one-request Python HTTP server that
/// echoes what it got (path, Content-Type, a configured header, the body).
@Suite(.serialized) struct OTLPHTTPExporterTests {
    static let batch = [SpanRecord.make(name: "GET /healthz", kind: .server)]

    @Test func postsTheProtobufRequestWithTheConfiguredHeaders() throws {
        let receiver = try Receiver(status: 200)
        defer { receiver.stop() }
        let exporter = try Self.exporter(port: receiver.port, protocolName: "http/protobuf")
        #expect(exporter.export(Self.batch, timeoutMilliseconds: 10_000))
        #expect(exporter.lastError == nil)
        let request = try receiver.request()
        #expect(request["path"] as? String == "/v1/traces")
        #expect(request["method"] as? String == "POST")
        #expect(request["contentType"] as? String == "application/x-protobuf")
        #expect(request["apiKey"] as? String == "s3cret value")
        let expected = OTLPProtobuf.exportRequest(Self.batch, resource: OTLPResource(serviceName: "moments-bff", serviceVersion: "9.9"))
        #expect(request["body"] as? String == expected.map { String(format: "%02x", $0) }.joined())
    }

    @Test func aCollectorErrorIsAFailedExport() throws {
        let receiver = try Receiver(status: 503)
        defer { receiver.stop() }
        let exporter = try Self.exporter(port: receiver.port, protocolName: "http/json")
        #expect(!exporter.export(Self.batch, timeoutMilliseconds: 10_000))
        #expect(exporter.lastError == "the collector answered 503")
        let request = try receiver.request()
        #expect(request["contentType"] as? String == "application/json")
        let body = try #require(request["body"] as? String)
        #expect(body.hasPrefix(Array(#"{"resourceSpans":"#.utf8).map { String(format: "%02x", $0) }.joined()))
    }

    @Test func aCollectorNobodyListensOnIsAFailedExport() throws {
        // Port 1 (tcpmux) is closed on any machine the tests run on: the connection is refused at once.
        let exporter = try Self.exporter(port: 1, protocolName: "http/protobuf")
        #expect(!exporter.export(Self.batch, timeoutMilliseconds: 5_000))
        #expect(exporter.lastError != nil)
    }

    static func exporter(port: Int, protocolName: String) throws -> OTLPHTTPExporter {
        let configuration = try #require(try TracingConfiguration.resolve([
            "OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:\(port)", "OTEL_EXPORTER_OTLP_PROTOCOL": protocolName,
            "OTEL_EXPORTER_OTLP_HEADERS": "api-key=s3cret%20value,content-type=text/plain",
        ]))
        return OTLPHTTPExporter(configuration: configuration, serviceVersion: "9.9")
    }

    /// One request answered with `status`, then the server exits; killed by its PID if the test ends first.
    final class Receiver {
        let process = Process()
        let output = Pipe()
        let port: Int
        private var buffered = Data()

        struct Failure: Error {}

        init(status: Int) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Self.script, String(status)]
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            guard let line = Self.line(output, &buffered), let port = Int(line) else {
                process.terminate()
                throw Failure()
            }
            self.port = port
        }

        func request() throws -> [String: Any] {
            guard let line = Self.line(output, &buffered),
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            else { throw Failure() }
            return object
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }

        /// The next line; nil at EOF (python died), which bounds the wait.
        private static func line(_ pipe: Pipe, _ buffered: inout Data) -> String? {
            while true {
                if let newline = buffered.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffered[..<newline], as: UTF8.self)
                    buffered.removeSubrange(...newline)
                    return line
                }
                let chunk = pipe.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffered.append(chunk)
            }
        }

        private static let script = """
            import http.server, json, sys
            class Handler(http.server.BaseHTTPRequestHandler):
                def do_POST(self):
                    body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                    self.send_response(int(sys.argv[1]))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    print(json.dumps({"method": self.command, "path": self.path, "body": body.hex(),
                        "contentType": self.headers.get("Content-Type"), "apiKey": self.headers.get("api-key")}), flush=True)
                def log_message(self, *arguments):
                    pass
            server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
            print(server.server_address[1], flush=True)
            server.handle_request()
            """
    }
}
