import Foundation

/// Collects values from any thread.
package final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String] = []

    package init() {}

    package func append(_ value: String) {
        lock.lock()
        defer { lock.unlock() }
        storage.append(value)
    }

    package var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
