import Foundation
import MomentsAPI
import Testing
import TestSupport

/// Compressed answers (docs/http.md, "Compression"), read by `curl`: every
/// coding decodes to exactly the plain answer, `Accept-Encoding`'s weights
/// are honoured, and an answer the response cache keeps goes out as the
/// same compressed bytes every time.
@Suite struct CompressionTests {
    /// A timeline answer over 1 KiB (the threshold): the demo's with every field.
    static let body = #"{"query":"query getMomentsDetailsByUserID($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) { userDetails { id name avatar backgroundImage } moments { id type title url photos createdDate userDetails { name avatar } likes { id name avatar } isLiked } } }","variables":{"userID":"0"},"operationName":"getMomentsDetailsByUserID"}"#

    struct Answer {
        var status: Int
        var headers: [String: [String]]
        var body: [UInt8]
        func header(_ name: String) -> String? { headers[name.lowercased()]?.joined(separator: ", ") }
    }

    /// `curl` POSTing `body`; `decode`: `--compressed` (curl decodes what it gets).
    static func post(port: Int, body: String = body, method: String = "POST", headers: [String] = [], decode: Bool = false) throws -> Answer {
        let directory = try TemporaryDirectory()
        let headFile = directory.file("head"), bodyFile = directory.file("body")
        var arguments = ["-s", "--max-time", "20", "-D", headFile, "-o", bodyFile, "-H", "Content-Type: application/json",
                         "-X", method, "--data-binary", body]
        if method == "HEAD" { arguments = ["-s", "--max-time", "20", "-I", "-D", headFile, "-o", bodyFile] }
        if decode { arguments.append("--compressed") }
        for header in headers { arguments += ["-H", header] }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl"] + arguments + ["http://127.0.0.1:\(port)/graphql"]
        try process.run()
        process.waitUntilExit()
        let head = (try? String(contentsOfFile: headFile, encoding: .utf8)) ?? ""
        var fields: [String: [String]] = [:]
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased(), default: []].append(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        let bytes = (try? Data(contentsOf: URL(fileURLWithPath: bodyFile))).map { [UInt8]($0) } ?? []
        return Answer(status: status, headers: fields, body: bytes)
    }

    @Test func everyCodingDecodesToExactlyThePlainAnswer() throws {
        let directory = try TemporaryDirectory()
        // The response cache off: each answer is executed and compressed anew.
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--response-cache-bytes", "0"])
        defer { _ = server.stop() }
        let plain = try Self.post(port: server.port)
        #expect(plain.status == 200 && plain.body.count > 1_024, "\(plain.body.count) bytes")
        #expect(plain.header("Content-Encoding") == nil)
        #expect(plain.header("Vary")?.contains("Accept-Encoding") == true, "it could have been compressed: \(plain.headers)")
        for (accept, coding) in [("gzip", "gzip"), ("br", "br"), ("gzip, deflate, br", "br"), ("br;q=0.5, gzip", "gzip"), ("x-gzip", "gzip")] {
            let raw = try Self.post(port: server.port, headers: ["Accept-Encoding: \(accept)"])
            #expect(raw.header("Content-Encoding") == coding, "\(accept): \(raw.headers)")
            #expect(raw.body.count < plain.body.count / 2, "\(accept): \(raw.body.count) bytes")
            let decoded = try Self.post(port: server.port, headers: ["Accept-Encoding: \(accept)"], decode: true)
            #expect(decoded.body == plain.body, "\(accept) decodes to the plain answer")
        }
        // Nothing acceptable, or identity asked for: plain.
        for accept in ["gzip;q=0", "br;q=0, gzip;q=0", "identity", "*;q=0", "zstd"] {
            let answer = try Self.post(port: server.port, headers: ["Accept-Encoding: \(accept)"])
            #expect(answer.header("Content-Encoding") == nil, "\(accept)")
            #expect(answer.body == plain.body, "\(accept)")
        }
    }

    @Test func aKeptAnswerIsCompressedOnceAndSentAsTheSameBytes() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let answers = try (0..<4).map { _ in try Self.post(port: server.port, headers: ["Accept-Encoding: br"]) }
        #expect(answers.allSatisfy { $0.header("Content-Encoding") == "br" })
        #expect(Set(answers.map(\.body)).count == 1, "byte-identical across repeats")
        // The first was executed, the second compressed from the kept answer, the rest sent as kept.
        #expect(server.waitForStderrLine { $0.contains("cache=hit") } != nil)
        let gzip = try Self.post(port: server.port, headers: ["Accept-Encoding: gzip"], decode: true)
        let plain = try Self.post(port: server.port)
        #expect(gzip.body == plain.body)
        // A like changes the answer: the kept bytes go with it.
        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        let after = try Self.post(port: server.port, headers: ["Accept-Encoding: br"], decode: true)
        #expect(after.body != plain.body)
        #expect(String(decoding: after.body, as: UTF8.self).contains(#""id":"4""#))
    }

    @Test func aShortAnswerStaysPlainAndDoesNotVary() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let answer = try Self.post(port: server.port, body: #"{"query":"{ __typename }"}"#, headers: ["Accept-Encoding: gzip, br"])
        #expect(answer.status == 200 && answer.header("Content-Encoding") == nil)
        #expect(answer.header("Vary")?.contains("Accept-Encoding") != true, "\(answer.headers)")
    }

    @Test func aGetAnswersTagIsTheCodingsAndRevalidatesInIt() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let query = "query=" + (ConditionalRequestTests.timelineQuery.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        let variables = "variables=" + (#"{"userID":"0","withLikes":true}"#.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        func get(_ headers: [String]) throws -> (status: Int, headers: [String: String], body: String) {
            try ConditionalRequestTests.get(port: server.port, headers: headers)
        }
        _ = query; _ = variables
        let plain = try get([])
        let br = try get(["Accept-Encoding: br"])
        let plainTag = try #require(plain.headers["etag"]), brTag = try #require(br.headers["etag"])
        if plain.body.utf8.count >= 1_024 {
            #expect(br.headers["content-encoding"] == "br")
            #expect(brTag == String(plainTag.dropLast()) + "-br\"", "\(plainTag) \(brTag)")
            #expect(try get(["Accept-Encoding: br", "If-None-Match: \(brTag)"]).status == 304)
            #expect(try get(["Accept-Encoding: gzip", "If-None-Match: \(brTag)"]).status == 200, "another representation")
        } else {
            #expect(brTag == plainTag, "a short answer has one representation")
        }
    }
}
