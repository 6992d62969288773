import Foundation

/// Files of this checkout that tests compare with what the code does (schema.sql,
/// schema.graphql, docs), found from this source file's path because a test
/// bundle runs from the build folder, not the sources.
package enum RepositoryFile {
    /// Tests/TestSupport/RepositoryFile.swift, three levels up.
    package static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The path of `relativePath` (such as "docs/api.md") in the checkout.
    package static func path(_ relativePath: String) -> String {
        root.appendingPathComponent(relativePath).path
    }

    /// The UTF-8 text of `relativePath`.
    package static func text(_ relativePath: String) throws -> String {
        try String(contentsOfFile: path(relativePath), encoding: .utf8)
    }
}
