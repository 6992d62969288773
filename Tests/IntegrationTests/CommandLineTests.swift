import Foundation
import Testing
import MomentsAPI
import TestSupport

/// The `moments-bff` subcommands other than serving.
@Suite struct CommandLineTests {

    /// schema.graphql is the one golden copy of the API's schema; it sits at the
    /// repository root beside schema.sql, where schema tooling and client
    /// developers look for it, and this test keeps the binary's output and
    /// docs/api.md's schema block identical to it, byte for byte.
    @Test func schemaPrintsTheGoldenSchemaThatTheAPIPageShows() throws {
        let (status, printed) = try ServerProcess.run(["schema"])
        #expect(status == 0)
        let golden = Self.withoutFinalNewline(try RepositoryFile.text("schema.graphql"))
        let page = try RepositoryFile.text("docs/api.md")
        let block = try #require(Self.schemaBlock(of: page), "docs/api.md has no ```graphql block under ## Schema")
        #expect(Self.firstDifference(golden, Self.withoutFinalNewline(printed)) == nil, "schema.graphql vs moments-bff schema")
        #expect(Self.firstDifference(golden, block) == nil, "schema.graphql vs docs/api.md")
    }

    @Test func helpDocumentsOptionsAndEnvironment() throws {
        let (status, output) = try ServerProcess.run(["serve", "--help"])
        #expect(status == 0)
        for option in ["--host", "--port", "--database", "HOST", "PORT", "DATABASE_PATH", "--max-body-bytes", "--header-timeout"] {
            #expect(output.contains(option), "help lacks \(option)")
        }
        // Each OpenTelemetry variable the server reads is named beside its option.
        let tracing: [(String, String)] = [
            ("--otel-exporter-otlp-endpoint", "OTEL_EXPORTER_OTLP_ENDPOINT"),
            ("--otel-exporter-otlp-traces-endpoint", "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"),
            ("--otel-exporter-otlp-protocol", "OTEL_EXPORTER_OTLP_PROTOCOL"), ("--otel-exporter-otlp-headers", "OTEL_EXPORTER_OTLP_HEADERS"),
            ("--otel-service-name", "OTEL_SERVICE_NAME"), ("--otel-resource-attributes", "OTEL_RESOURCE_ATTRIBUTES"),
            ("--otel-traces-sampler", "OTEL_TRACES_SAMPLER"), ("--otel-traces-sampler-arg", "OTEL_TRACES_SAMPLER_ARG"),
            ("--otel-bsp-schedule-delay", "OTEL_BSP_SCHEDULE_DELAY"), ("--otel-bsp-export-timeout", "OTEL_BSP_EXPORT_TIMEOUT"),
            ("--otel-bsp-max-queue-size", "OTEL_BSP_MAX_QUEUE_SIZE"), ("--otel-bsp-max-export-batch-size", "OTEL_BSP_MAX_EXPORT_BATCH_SIZE"),
        ]
        for (option, variable) in tracing {
            #expect(output.contains(option) && output.contains("[\(variable)"), "help lacks \(option) [\(variable)]")
        }
    }

    @Test(.disabled(if: PostgreSQLServer.integrationEngineIsPostgreSQL, "serves the SQLite file seed wrote"))
    func seedWritesASyntheticDatabaseThatServes() async throws {
        let directory = try TemporaryDirectory()
        let (status, _) = try ServerProcess.run(["seed", "--database", directory.databasePath, "--synthetic", "--users", "50", "--friends", "4", "--moments", "2", "--likes", "3"])
        #expect(status == 0)
        let server = try ServerProcess(databasePath: directory.databasePath)
        let reply = try await GraphQLClient(baseURL: server.baseURL).graphQL(
            query: AppDocuments.timeline, variables: ["userID": "7", "withLikes": true])
        let data = try #require(try reply.json["data"] as? [String: Any])
        let moments = try #require((data["getMomentsDetailsByUserID"] as? [String: Any])?["moments"] as? [[String: Any]])
        #expect(moments.count >= 10)  // own 2 + at least 4 friends x 2
    }

    static func withoutFinalNewline(_ text: String) -> String {
        text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// The lines of the first ```graphql block after the page's `## Schema` heading.
    static func schemaBlock(of page: String) -> String? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        guard let heading = lines.firstIndex(of: "## Schema"),
              let open = lines[heading...].firstIndex(of: "```graphql"),
              let close = lines[(open + 1)...].firstIndex(of: "```") else { return nil }
        return lines[(open + 1)..<close].joined(separator: "\n")
    }

    /// Nil when the two texts are the same bytes, else the first line where they part.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        guard Array(expected.utf8) != Array(actual.utf8) else { return nil }
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let index = zip(expectedLines, actualLines).enumerated().first { Array($1.0.utf8) != Array($1.1.utf8) }?.offset
            ?? min(expectedLines.count, actualLines.count)
        func line(_ lines: [Substring]) -> String { index < lines.count ? "\"\(lines[index])\"" : "(end)" }
        return "line \(index + 1): \(line(expectedLines)) vs \(line(actualLines))"
    }
}
