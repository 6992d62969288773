import Foundation
import Testing
import TestSupport

/// What an anonymous server tells HTTP caches in front of it (RFC 9111): an
/// answer that depends on request headers no `Vary` can name (toggles: the
/// session, the app's headers, the client's address) is kept by none; one that
/// depends on the URL and `Accept` may be kept by a shared cache for the 1 s
/// staleness window, varying on `Accept`; with CORS, on `Origin` too.
@Suite struct SharedCacheHeadersTests {
    static func get(_ port: Int, _ query: String, headers: String = "") throws -> RawClient.Response {
        let encoded = try #require(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        return try BlockingRequest.send(port: port, "GET /graphql?query=\(encoded)", headers: headers)
    }

    static func values(_ response: RawClient.Response, _ name: String) -> [String] {
        response.headers.filter { $0.name.lowercased() == name.lowercased() }
            .flatMap { $0.value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    }

    @Test func toggleAnswersAreKeptByNoCache() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let headers = "X-Session-ID: s-1\r\nX-App-Version: 1.0.0\r\nX-App-Platform: iOS\r\n"
        for query in ["{ featureToggles { name enabled } }", "{ featureToggles(userID: \"7\") { name } __typename }"] {
            let reply = try Self.get(server.port, query, headers: headers)
            #expect(reply.status == 200, "\(reply.text)")
            #expect(reply.header("Cache-Control") == "private, no-store", "\(query)")
            #expect(!Self.values(reply, "Cache-Control").contains("public"), "\(query)")
        }
        // A timeline beside toggles in one document is no more cacheable.
        let mixed = try Self.get(server.port, "{ featureToggles { name } getMomentsDetailsByUserID(userID: \"0\") { moments { id } } }")
        #expect(mixed.header("Cache-Control") == "private, no-store")
    }

    @Test func aTimelineMayBeKeptBrieflyVaryingOnAccept() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let query = "{ getMomentsDetailsByUserID(userID: \"0\") { moments { id likesCount } } }"
        // Twice: the second is the response cache's hit, with the same policy.
        for _ in 0..<2 {
            let reply = try Self.get(server.port, query)
            #expect(reply.header("Cache-Control") == "public, max-age=1")
            #expect(Self.values(reply, "Vary").contains("Accept"), "\(reply.headers)")
        }
        let graphQLResponse = try Self.get(server.port, query, headers: "Accept: application/graphql-response+json\r\n")
        #expect(graphQLResponse.header("Content-Type")?.hasPrefix("application/graphql-response+json") == true)
        #expect(Self.values(graphQLResponse, "Vary").contains("Accept"))
    }

    @Test func withCORSEveryAnswerVariesOnOrigin() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: ["--cors-origin", "https://studio.example"])
        defer { _ = server.stop() }
        let query = "{ getMomentsDetailsByUserID(userID: \"0\") { moments { id } } }"
        let withoutOrigin = try Self.get(server.port, query)
        #expect(withoutOrigin.header("Access-Control-Allow-Origin") == nil)
        #expect(Self.values(withoutOrigin, "Vary").contains("Origin"), "\(withoutOrigin.headers)")
        let withOrigin = try Self.get(server.port, query, headers: "Origin: https://studio.example\r\n")
        #expect(withOrigin.header("Access-Control-Allow-Origin") == "https://studio.example")
        #expect(Self.values(withOrigin, "Vary").contains("Origin"))
    }
}
