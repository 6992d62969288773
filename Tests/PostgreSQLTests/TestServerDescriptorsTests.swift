import Glibc
import Testing
import TestSupport

/// The tests' own PostgreSQL server must not inherit the test process's descriptors: it
/// outlives a test process that crashes (or that a sanitizer stops), and a pipe it held, such
/// as the one `swift test` reads the output from, would never reach end-of-file. CI once
/// hung that way until its time limit, after a ThreadSanitizer report.
@Suite(.enabled(if: PostgreSQLServer.shouldRun, Comment(rawValue: PostgreSQLServer.skipReason)))
struct TestServerDescriptorsTests {
    @Test func theServerHoldsNoPipeOfTheTestProcess() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let ours = Set(ends.map { link("/proc/self/fd/\($0)") })
        #expect(ours.allSatisfy { $0.hasPrefix("pipe:[") })

        let server = try PostgreSQLServer.makePrivate()
        let postmaster = try #require(server.postmasterPID)
        let held = descriptorLinks(of: postmaster)
        #expect(!held.isEmpty, "the postmaster's descriptors should be readable")
        #expect(held.isDisjoint(with: ours), "the postmaster holds \(held.sorted())")
    }

    private func descriptorLinks(of pid: pid_t) -> Set<String> {
        guard let directory = opendir("/proc/\(pid)/fd") else { return [] }
        defer { closedir(directory) }
        var links: Set<String> = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard Int32(name) != nil else { continue }
            links.insert(link("/proc/\(pid)/fd/\(name)"))
        }
        return links
    }

    private func link(_ path: String) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return "" }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
