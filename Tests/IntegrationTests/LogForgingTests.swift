import Foundation
import Testing
import TestSupport

/// Client-controlled text reaches standard error escaped, on its own line, through the real binary.
@Suite struct LogForgingTests {
    let directory: TemporaryDirectory
    let server: ServerProcess

    init() throws {
        directory = try TemporaryDirectory()
        server = try ServerProcess(databasePath: directory.databasePath)
    }

    static let forgedName = "x\n2030-01-01T00:00:00.000Z info moments-bff: POST /admin 200"

    /// Log lines are written in order, off the request's thread: once one
    /// more request's line is in, every earlier line is too.
    func waitForEarlierLines() throws {
        let path = "/barrier-\(UUID().uuidString)"
        let client = try RawClient(port: server.port)
        try client.send("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        _ = try client.readUntilClose()
        try #require(server.waitForStderrLine { $0.contains("GET \(path) 404") } != nil)
    }

    static func hasControlCharacter(_ line: String) -> Bool {
        line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{2028}" }
    }

    @Test func forgedOperationNameStartsNoLine() async throws {
        let reply = try await GraphQLClient(baseURL: server.baseURL).graphQL(
            query: "{ __typename }", operationName: Self.forgedName)
        #expect(reply.status == 200)
        try waitForEarlierLines()
        let lines = server.stderrLines
        #expect(!lines.contains { $0.hasPrefix("2030-01-01") })
        #expect(lines.filter { $0.contains("POST /graphql") }.count == 1)
        #expect(!lines.contains(where: Self.hasControlCharacter))
        #expect(lines.contains { $0.contains(#" op=x\n2030-01-01T00:00:00.000Z info moments-bff: POST /admin 200 requestID="#) })
    }

    @Test func controlCharactersInThePathAreEscaped() throws {
        // The request-target may carry obs-text (bytes >= 0x80): here C1 CSI
        // ("ESC [" to a terminal) and NEL (a line break to some log viewers).
        let client = try RawClient(port: server.port)
        try client.send("GET /a\u{9b}2J\u{85}\\b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(try client.readUntilClose().hasPrefix("HTTP/1.1 404"))
        let line = try #require(server.waitForStderrLine { $0.contains("GET /a") })
        #expect(line.contains(#" info moments-bff: GET /a\u{9b}2J\u{85}\\b 404 "#))
        #expect(!Self.hasControlCharacter(line))
    }
}
