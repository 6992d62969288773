import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
import MomentsAPI
import TestSupport
#endif

/// Documents of at most 100 KB written to cost the server as much as
/// possible. None may cost it more than 100 MB above its idle memory or a
/// second of CPU, and a refused one is answered in at most 64 KiB.
@Suite(.serialized) struct HostileDocumentTests {
    let demo: DemoServer
    var server: ServerProcess { demo.server }
    var client: GraphQLClient { demo.client }

    init() throws {
        demo = try DemoServer()
    }

    static func repeated(_ text: String, _ count: Int) -> String {
        Array(repeating: text, count: count).joined(separator: " ")
    }

    static let root = #"getMomentsDetailsByUserID(userID: "0")"#

    /// Name, document, and whether it must be refused.
    static let documents: [(String, String, Bool)] = [
        ("1,600 x 1,600 conflicting aliases",
         "{ \(root) { userDetails { \(repeated("x: id", 1600)) } userDetails { \(repeated("x: name", 1600)) } } }", true),
        ("3,300 x 3,300 conflicting aliases",
         "{ \(root) { userDetails { \(repeated("x: id", 3300)) } userDetails { \(repeated("x: name", 3300)) } } }", true),
        ("4,900 identical fields in two siblings",
         "{ \(root) { userDetails { \(repeated("id", 4900)) } userDetails { \(repeated("id", 4900)) } } }", false),
        ("conflicts through fragments",
         "{ \(root) { ...A ...B } } fragment A on MomentsDetails { userDetails { \(repeated("x: id", 1500)) } } "
            + "fragment B on MomentsDetails { userDetails { \(repeated("x: name", 1500)) } }", true),
        ("conflicts in nested lists",
         "{ \(root) { moments { likes { \(repeated("x: id", 1500)) } } moments { likes { \(repeated("x: avatar", 1500)) } } } }", true),
        ("a fragment spread 3,000 times",
         "{ \(root) { userDetails { \(repeated("...U", 3000)) } } } fragment U on UserDetails { id name avatar }", false),
        ("fragments that each spread the next twice",
         "{ \(root) { ...F0 } } " + (0..<40).map { "fragment F\($0) on MomentsDetails { userDetails { id } ...F\($0 + 1) ...F\($0 + 1) }" }
            .joined(separator: " ") + " fragment F40 on MomentsDetails { moments { id } }", false),
        ("introspection nested deep",
         "{ __schema { types { " + repeated("fields { type {", 30) + " name " + repeated("} }", 30) + " } } }", true),
        ("a 90 KB field name", "{ " + String(repeating: "a", count: 90_000) + " }", true),
        ("a hundred long unknown fields",
         "{ \(root) { " + (0..<100).map { "f\($0)" + String(repeating: "b", count: 900) }.joined(separator: " ") + " } }", true),
    ]

    @Test(arguments: documents.indices)
    func costsAreBounded(_ index: Int) async throws {
        let (name, query, refused) = Self.documents[index]
        #expect(query.utf8.count <= 100_000, "\(name)")
        let before = try ProcessStats(pid: server.process.processIdentifier)
        let reply = try await client.graphQL(query: query)
        let after = try ProcessStats(pid: server.process.processIdentifier)
        let json = try reply.json
        if refused {
            #expect(reply.body.count <= 64 * 1024, "\(name): \(reply.body.count) bytes")
            #expect(json["data"] == nil, "\(name)")
            #expect((json["errors"] as? [Any])?.isEmpty == false, "\(name)")
        } else {
            #expect(json["errors"] == nil, "\(name): \(reply.text.prefix(300))")
        }
        #expect(after.peakResidentBytes - before.residentBytes < 100 << 20, "\(name)")
        #expect(after.cpuSeconds - before.cpuSeconds < 1.0, "\(name)")
        // The server still answers the app.
        let check = try await client.graphQL(query: AppDocuments.timeline, variables: ["userID": "0", "withLikes": false])
        #expect(check.status == 200)
    }
}

/// A process's memory and CPU from /proc.
struct ProcessStats {
    var residentBytes: Int
    var peakResidentBytes: Int
    var cpuSeconds: Double

    init(pid: Int32) throws {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func kilobytes(_ key: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(key + ":") }) else { return 0 }
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") ?? 0
        }
        residentBytes = kilobytes("VmRSS") * 1024
        peakResidentBytes = kilobytes("VmHWM") * 1024
        // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
        let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
        let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let user = Double(fields.count > 12 ? fields[12] : "0") ?? 0
        let system = Double(fields.count > 13 ? fields[13] : "0") ?? 0
        cpuSeconds = (user + system) / ticks
    }
}
