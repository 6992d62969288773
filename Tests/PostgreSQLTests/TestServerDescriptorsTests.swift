import Glibc
import Testing
import TestSupport

/// The tests' own PostgreSQL server must not inherit the test process's descriptors: it
/// outlives a test process that crashes (or that a sanitizer stops), and a pipe it held, such
/// as the one `swift test` reads the output from, would never reach end-of-file. CI once
/// hung that way until its time limit, after a ThreadSanitizer report. Its tools (`initdb`,
/// `pg_ctl`, which starts the server) are all spawned by `PostgreSQLServer.run`; checked here
/// with `ls`, as starting a server of its own would starve the timing tests beside it.
struct TestServerDescriptorsTests {
    @Test func spawnedToolsHoldNoPipeOfTheTestProcess() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { ends.forEach { close($0) } }
        let ours = ends.map { ProcessDescriptors.target($0) }
        #expect(ours.allSatisfy { $0.hasPrefix("pipe:[") })

        let listing = try PostgreSQLServer.run("/bin/ls", ["-l", "/proc/self/fd"])
        #expect(listing.contains("/dev/null"), "the listing should show the child's standard input")
        for pipe in ours {
            #expect(!listing.contains(pipe), "the child holds \(pipe):\n\(listing)")
        }
    }
}
