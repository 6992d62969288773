import Foundation
import MomentsAPI
import Testing
import TestSupport

/// Conditional requests (docs/http.md, "Conditional requests"): a GET
/// answer carries an `ETag` that changes when the answer does and differs per
/// viewer; `If-None-Match` with it is `304` without a body, read by `curl`.
@Suite struct ConditionalRequestTests {
    static let timelineQuery = "query getMomentsDetailsByUserID($userID: ID!, $withLikes: Boolean!) { getMomentsDetailsByUserID(userID: $userID) { moments { id isLiked @include(if: $withLikes) } } }"

    /// `curl -i` GET of the timeline with `headers`: status, headers (lowercased names) and body.
    static func get(
        port: Int, user: String = "0", headers: [String] = []
    ) throws -> (status: Int, headers: [String: String], body: String) {
        let variables = #"{"userID":"\#(user)","withLikes":true}"#
        var arguments = ["-s", "-i", "-G", "http://127.0.0.1:\(port)/graphql", "--data-urlencode", "query=\(timelineQuery)",
                         "--data-urlencode", "variables=\(variables)"]
        for header in headers { arguments += ["-H", header] }
        let output = try Self.curl(arguments)
        let parts = output.components(separatedBy: "\r\n\r\n")
        let head = parts.first ?? ""
        var fields: [String: String] = [:]
        for line in head.components(separatedBy: "\r\n").dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return (status, fields, parts.dropFirst().joined(separator: "\r\n\r\n"))
    }

    /// Runs `curl` with `arguments` to its end; its standard output.
    static func curl(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["curl", "--max-time", "20"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test func aGetAnswerIsRevalidatedUntilALikeChangesIt() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let first = try Self.get(port: server.port)
        #expect(first.status == 200)
        let tag = try #require(first.headers["etag"], "\(first.headers)")
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\"") && tag.count == 24, "a strong tag: \(tag)")

        // Again, from the response cache now: the same tag; with it, 304 and no body.
        #expect(try Self.get(port: server.port).headers["etag"] == tag)
        let revalidated = try Self.get(port: server.port, headers: ["If-None-Match: \(tag)"])
        #expect(revalidated.status == 304)
        #expect(revalidated.body.isEmpty)
        #expect(revalidated.headers["etag"] == tag)
        #expect(revalidated.headers["cache-control"] == "public, max-age=1")
        #expect(try Self.get(port: server.port, headers: [#"If-None-Match: W/"other", \#(tag)"#]).status == 304)

        try LiveLikesTests.like(port: server.port, moment: "4", isLiked: true)
        let changed = try Self.get(port: server.port, headers: ["If-None-Match: \(tag)"])
        #expect(changed.status == 200)
        #expect(changed.body.contains(#"{"id":"4","isLiked":true}"#), "\(changed.body)")
        let newTag = try #require(changed.headers["etag"])
        #expect(newTag != tag)
        #expect(try Self.get(port: server.port, headers: ["If-None-Match: \(newTag)"]).status == 304)
    }

    @Test func postAnswersCarryNoTag() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let reply = try await GraphQLClient(baseURL: server.baseURL).graphQL(
            query: Self.timelineQuery, variables: ["userID": "0", "withLikes": true])
        #expect(reply.status == 200)
        #expect(reply.header("ETag") == nil)
    }

    @Test func withTokensEachViewerHasItsOwnTagAndItsOwnCacheMayKeepTheAnswer() throws {
        let directory = try TemporaryDirectory()
        let secret = directory.file("secret")
        try Data(String(repeating: "s", count: 48).utf8).write(to: URL(fileURLWithPath: secret))
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--auth-secret-file", secret])
        defer { _ = server.stop() }
        func token(_ user: String) throws -> String {
            let made = try ServerProcess.run(["token", "--auth-secret-file", secret, "--user", user])
            return made.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let zero = try Self.get(port: server.port, user: "0", headers: ["Authorization: Bearer \(try token("0"))"])
        let one = try Self.get(port: server.port, user: "1", headers: ["Authorization: Bearer \(try token("1"))"])
        #expect(zero.status == 200 && one.status == 200, "\(zero.body) \(one.body)")
        let tag = try #require(zero.headers["etag"])
        #expect(one.headers["etag"] != nil && one.headers["etag"] != tag)
        #expect(zero.headers["cache-control"] == "private, no-cache")
        let again = try Self.get(port: server.port, user: "0", headers: ["Authorization: Bearer \(try token("0"))", "If-None-Match: \(tag)"])
        #expect(again.status == 304)
        // Another viewer's tag never revalidates this viewer's answer.
        let other = try Self.get(port: server.port, user: "1", headers: ["Authorization: Bearer \(try token("1"))", "If-None-Match: \(tag)"])
        #expect(other.status == 200)
    }
}
