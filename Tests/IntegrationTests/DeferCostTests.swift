import Foundation
import Testing
import TestSupport

/// `@defer` costs what the same answer costs without it, plus its framing,
/// however often a document spreads a deferred fragment.
@Suite(.serialized) struct DeferCostTests {
    static let accept = "multipart/mixed;deferSpec=20220824, application/json"

    /// F: 20 aliased `likes { id name avatar backgroundImage }`, spread deferred 2,000 times on each moment.
    static let document: String = {
        let fragment = "fragment F on Moment { " + (0..<20).map { "l\($0): likes { id name avatar backgroundImage }" }.joined(separator: " ") + " }"
        let spreads = String(repeating: "...F @defer ", count: 2_000)
        return #"{ getMomentsDetailsByUserID(userID: "0") { moments { id \#(spreads)} } } "# + fragment
    }()

    @Test func twoThousandDeferredSpreadsCostThePlainAnswer() async throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        let client = GraphQLClient(baseURL: server.baseURL)
        let body = try JSONSerialization.data(withJSONObject: ["query": Self.document])
        #expect(body.count < 30_000)
        let plain = try await client.post(body: body)
        #expect(plain.status == 200)
        #expect(plain.header("Content-Type")?.hasPrefix("application/json") == true)
        let before = try ProcessStats(pid: server.process.processIdentifier)
        let deferred = try await client.post(body: body, headers: GraphQLClient.appHeaders.merging(["Accept": Self.accept]) { $1 })
        let after = try ProcessStats(pid: server.process.processIdentifier)
        #expect(deferred.status == 200)
        #expect(deferred.header("Content-Type") == #"multipart/mixed;boundary=graphql;deferSpec=20220824"#)
        // The plain answer's bytes plus framing (two part headers, a path per moment).
        #expect(deferred.body.count <= plain.body.count + 2_048, "deferred \(deferred.body.count) bytes, plain \(plain.body.count)")
        #expect(after.peakResidentBytes - before.residentBytes < 64 << 20, "peak RSS up \((after.peakResidentBytes - before.residentBytes) >> 20) MiB")
        #expect(after.cpuSeconds - before.cpuSeconds < 1.0)
    }
}
