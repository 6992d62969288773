import Foundation
import Testing
import MomentsAPI
import TestSupport

/// The `moments-bff` subcommands other than serving.
@Suite struct CommandLineTests {

    @Test func schemaPrintsTheContractSDL() throws {
        let (status, output) = try ServerProcess.run(["schema"])
        #expect(status == 0)
        #expect(Self.withoutDescriptions(output) == APISDL.withoutDescriptions)
    }

    @Test func helpDocumentsOptionsAndEnvironment() throws {
        let (status, output) = try ServerProcess.run(["serve", "--help"])
        #expect(status == 0)
        for option in ["--host", "--port", "--database", "HOST", "PORT", "DATABASE_PATH", "--max-body-bytes", "--header-timeout"] {
            #expect(output.contains(option), "help lacks \(option)")
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

    /// Drops `"""..."""` and `"..."` description lines, and joins argument
    /// lists, so the structure can be compared.
    static func withoutDescriptions(_ sdl: String) -> String {
        var lines: [Substring] = []
        var inBlock = false
        for line in sdl.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\"\"\"") {
                let isOneLine = trimmed.count > 3 && trimmed.hasSuffix("\"\"\"")
                if !isOneLine { inBlock.toggle() }
                continue
            }
            if inBlock || (trimmed.hasPrefix("\"") && trimmed.hasSuffix("\"")) { continue }
            lines.append(line)
        }
        // graphql-js puts a blank line before a described field; without the
        // description it is not part of the structure.
        lines = lines.enumerated().filter { index, line in
            !(line.isEmpty && index + 1 < lines.count && lines[index + 1].hasPrefix("  "))
        }.map(\.element)
        // Described arguments are printed one per line; without their
        // descriptions they are the one-line list `(a: A, b: B)`.
        var joined: [String] = []
        var open: (head: Substring, arguments: [String])?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let list = open {
                if trimmed.hasPrefix(")") {
                    joined.append(String(list.head) + list.arguments.joined(separator: ", ") + trimmed)
                    open = nil
                } else if !trimmed.isEmpty {
                    open?.arguments.append(trimmed)
                }
            } else if line.hasSuffix("(") {
                open = (line, [])
            } else {
                joined.append(String(line))
            }
        }
        return joined.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
