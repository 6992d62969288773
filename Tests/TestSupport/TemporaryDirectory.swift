import Foundation

/// A unique directory under the system temp dir, removed when the value is released.
package final class TemporaryDirectory: Sendable {
    package let path: String

    package init() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("moments-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
    }

    package func file(_ name: String) -> String { path + "/" + name }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
