import Foundation
import SQLite
import Testing
@testable import MomentsStorage
import TestSupport

struct SchemaTests {
    @Test func embeddedCopyMatchesRootSchemaFile() throws {
        let file = try RepositoryFile.text("schema.sql")
        #expect(SchemaSQL.text + "\n" == file, "Sources/MomentsStorage/SchemaSQL.swift differs from schema.sql: regenerate it (see its header)")
    }

    @Test func newDatabaseGetsTheCurrentLayoutVersion() throws {
        let test = try TestStore()
        #expect(try test.inspect { try SchemaInstaller.userVersion($0) } == SchemaInstaller.version)
        #expect(try test.inspect { try $0.scalar("PRAGMA journal_mode") } == .text("wal"))
    }

    struct QueryCase: Sendable, CustomTestStringConvertible {
        let name: String
        let sql: String
        let arguments: [SQLiteValue]
        var testDescription: String { name }
    }

    static let timelineQueries = [
        QueryCase(name: "user", sql: SQLiteUserRepository.userByID, arguments: ["0"]),
        QueryCase(name: "first page with authors", sql: SQLiteMomentRepository.timelineFirstPage, arguments: ["0", 21]),
        QueryCase(name: "page after a cursor", sql: SQLiteMomentRepository.timelineAfterCursor, arguments: ["0", 21, 1_000, "4"]),
        QueryCase(name: "photos of a page", sql: SQLiteMomentRepository.photos, arguments: [#"["0","1"]"#]),
        QueryCase(name: "counts and first likers of a page", sql: SQLiteLikeRepository.likers, arguments: [#"["0","1"]"#, 100]),
        QueryCase(name: "the viewer's likes of a page", sql: SQLiteLikeRepository.likedByViewer, arguments: [#"["0","1"]"#, "0"]),
        QueryCase(name: "visibility", sql: SQLiteMomentRepository.visibility, arguments: ["0", "1"]),
        QueryCase(name: "like", sql: SQLiteLikeRepository.insert, arguments: ["0", "1", 5]),
        QueryCase(name: "unlike", sql: SQLiteLikeRepository.delete, arguments: ["0", "1"]),
    ]

    /// EXPLAIN QUERY PLAN details "SCAN x" when it reads all of x; only
    /// "SEARCH" (an index lookup) may touch our tables.
    @Test(arguments: timelineQueries)
    func noQueryScansAWholeTable(_ testCase: QueryCase) throws {
        let test = try TestStore()
        let tablesAndAliases: Set<String> = [
            "users", "friendships", "moments", "moment_photos", "moment_likes", "moment_like_counts", "u", "f", "m", "p", "l", "c", "h", "n", "s", "v",
        ]
        let details = try test.inspect { connection in
            try connection.withStatement("EXPLAIN QUERY PLAN " + testCase.sql, testCase.arguments) { statement in
                var details: [String] = []
                try statement.forEachRow { details.append($0.text(at: 3)) }
                return details
            }
        }
        #expect(testCase.sql.hasPrefix("INSERT") || !details.isEmpty, "an INSERT ... VALUES has no plan; everything else has one")
        let scans = details.filter { detail in
            let words = detail.split(separator: " ")
            return words.first == "SCAN" && words.count > 1 && tablesAndAliases.contains(String(words[1]))
        }
        #expect(scans.isEmpty, "plan: \(details)")
    }
}
