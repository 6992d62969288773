import Foundation
import Testing
import TestSupport

/// One request id, followed from the request to the response's
/// `X-Request-ID` and to its access-log line, in both log formats.
@Suite struct RequestIDTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// `PREFIX-COUNTER` as the server makes them.
    static func isGenerated(_ id: String) -> Bool {
        id.wholeMatch(of: /[0-9a-z]{6}-[0-9a-z]{8,13}/) != nil
    }

    @Test func keepsAValidIDAndMakesOneOtherwiseInTextLogs() async throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = GraphQLClient(baseURL: server.baseURL)

        let kept = try await client.get("/healthz", headers: ["X-Request-ID": "app-report-4711"])
        #expect(kept.header("X-Request-ID") == "app-report-4711")
        #expect(server.waitForStderrLine { $0.contains(" GET /healthz 200 ") && $0.hasSuffix(" requestID=app-report-4711") } != nil)

        // No id, and ids that are not kept (a space; past 128 bytes): replaced by the server's.
        for sent in [nil, "has space", String(repeating: "x", count: 129)] {
            let reply = try await client.get("/healthz", headers: sent.map { ["X-Request-ID": $0] } ?? [:])
            let id = try #require(reply.header("X-Request-ID"))
            #expect(Self.isGenerated(id))
            #expect(server.waitForStderrLine { $0.hasSuffix(" requestID=\(id)") } != nil)
        }
        // 128 bytes is kept.
        let longest = String(repeating: "y", count: 128)
        #expect(try await client.get("/healthz", headers: ["X-Request-ID": longest]).header("X-Request-ID") == longest)

        // A GraphQL request: the same id on the answer and the line that names its operation.
        let graphQL = try await client.graphQL(
            query: "query q { __typename }", operationName: "q", headers: ["X-Request-ID": #"trace\"1"#])
        #expect(graphQL.header("X-Request-ID") == #"trace\"1"#)
        // Escaped in the text line as every value is (the backslash doubled).
        #expect(server.waitForStderrLine { $0.hasSuffix(#" op=q requestID=trace\\"1"#) } != nil)
    }

    @Test func refusalsCarryAnIDToo() throws {
        let server = try ServerProcess(databasePath: directory.databasePath)
        let client = try RawClient(port: server.port)
        try client.send("BROKEN\r\n\r\n")
        let answer = try client.readUntilClose()
        #expect(answer.hasPrefix("HTTP/1.1 400"))
        let id = try #require(answer.split(separator: "\r\n").first { $0.hasPrefix("X-Request-ID: ") }?.dropFirst(14))
        #expect(Self.isGenerated(String(id)))
        #expect(server.waitForStderrLine { $0.contains(" - - 400 ") && $0.hasSuffix(" requestID=\(id)") } != nil)
    }

    /// Raw requests with hostile bytes in the id, the path and the operation
    /// name: every line on standard error is one JSON object that Foundation's
    /// parser reads, and each request's line carries its id and what it sent.
    @Test func jsonLinesParseWhateverTheClientSent() throws {
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--log-format", "json"])
        struct Case {
            var id: [UInt8]
            var path: [UInt8]
            var operationName: String?
        }
        let quoteID = Array(#""},"level":"critical","message":"forged\"#.utf8)
        let cases = [
            // A visible-ASCII id full of JSON syntax: kept, and escaped in the line.
            Case(id: quoteID, path: Array("/healthz".utf8)),
            // Invalid UTF-8 (obs-text) in the id: replaced; obs-text, invalid UTF-8, a quote and a backslash in the path.
            // (Controls in a field value are refused by the transport before any of this: HTTPFramingTests.)
            Case(id: [0xFF, 0xFE, 0x22, 0x5C], path: Array("/a".utf8) + [0xFF, 0xC3, 0x22, 0x5C, 0x85] + Array("b".utf8)),
            // An operation name with quotes, a newline, NUL, ESC, U+2028, a C1 control.
            Case(id: Array("op-case".utf8), path: Array("/graphql".utf8),
                 operationName: "x\"\n\u{0}\u{1b}[2J\u{2028}\u{9b}\\\"},\"level\":\"critical"),
        ]
        for sent in cases {
            var request: [UInt8]
            if let operationName = sent.operationName {
                let body = try JSONSerialization.data(withJSONObject: ["query": "{ __typename }", "operationName": operationName])
                request = Array("POST ".utf8) + sent.path + Array(" HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n".utf8)
                request += Array("X-Request-ID: ".utf8) + sent.id + Array("\r\nConnection: close\r\n\r\n".utf8) + Array(body)
            } else {
                request = Array("GET ".utf8) + sent.path + Array(" HTTP/1.1\r\nHost: localhost\r\nX-Request-ID: ".utf8) + sent.id
                request += Array("\r\nConnection: close\r\n\r\n".utf8)
            }
            let client = try RawClient(port: server.port)
            try client.send(request)
            let answer = try client.readUntilClose()
            let id = try #require(answer.split(separator: "\r\n").first { $0.hasPrefix("X-Request-ID: ") }.map { String($0.dropFirst(14)) })
            if sent.id == quoteID {
                #expect(Array(id.utf8) == quoteID)
            } else if sent.id.first == 0xFF {
                #expect(Self.isGenerated(id))
            } else {
                #expect(id == "op-case")
            }
            let line = try #require(server.waitForStderrLine { line in
                (try? Self.object(line))?["requestID"] as? String == id
            })
            let object = try Self.object(line)
            #expect(object["message"] as? String == "access")
            #expect(object["level"] as? String == "info")
            #expect(object["path"] as? String == String(decoding: sent.path, as: UTF8.self))
            #expect(object["client"] as? String == "127.0.0.1")
            #expect(object["status"] as? Int != nil && object["bytes"] as? Int != nil && object["durationMicros"] as? Int != nil)
            if let operationName = sent.operationName {
                #expect(object["method"] as? String == "POST")
                #expect(object["operation"] as? String == operationName)
            } else {
                #expect(object["method"] as? String == "GET")
                #expect(object["operation"] == nil)
            }
        }
        // Every line so far, the start-up lines included, is one JSON object; none is forged.
        let lines = server.stderrLines
        #expect(lines.count >= cases.count)
        for line in lines {
            let object = try Self.object(line)
            #expect(object["time"] is String && object["logger"] as? String == "moments-bff")
            #expect(object["level"] as? String != "critical")
        }
    }

    static func object(_ line: String) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
            throw PrometheusParser.Failure(description: "not a JSON object: \(line)")
        }
        return object
    }
}
