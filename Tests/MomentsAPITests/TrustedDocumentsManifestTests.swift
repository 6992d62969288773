@testable import MomentsAPI
import Testing

/// `TrustedDocuments.load`: the manifest Apollo's tools write, and each way
/// one can be wrong (a startup error naming the problem).
@Suite struct TrustedDocumentsManifestTests {
    static let body = "query Q { __typename }"

    static func manifest(_ operations: String, version: String = "1", format: String = "apollo-persisted-query-manifest") -> [UInt8] {
        Array(#"{"format":"\#(format)","version":\#(version),"operations":[\#(operations)]}"#.utf8)
    }

    static func operation(id: String = sha256Hex(body), type: String = "query", body: String = body) -> String {
        #"{"id":"\#(id)","name":"Q","type":"\#(type)","body":"\#(body)"}"#
    }

    @Test func sha256HexIsTheKnownDigest() {
        // FIPS 180-2 test vector "abc".
        #expect(sha256Hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func readsOperationsByIDAndByText() throws {
        let documents = try TrustedDocuments.load(json: Self.manifest(Self.operation()))
        #expect(documents.operations == [.init(id: sha256Hex(Self.body), name: "Q", type: .query, body: Self.body)])
        #expect(documents.body(id: sha256Hex(Self.body)) == Self.body)
        #expect(documents.contains(body: Self.body))
        #expect(!documents.contains(body: Self.body + " "))
        #expect(documents.body(id: sha256Hex(Self.body).uppercased()) == nil)
    }

    @Test func writesWhatItReads() throws {
        let bytes = TrustedDocuments.manifest([("Q", .mutation, Self.body)])
        let documents = try TrustedDocuments.load(json: bytes)
        #expect(documents.operations.map(\.type) == [.mutation])
        #expect(documents.operations.map(\.id) == [sha256Hex(Self.body)])
    }

    @Test func theSameOperationTwiceIsListedOnce() throws {
        let documents = try TrustedDocuments.load(json: Self.manifest(Self.operation() + "," + Self.operation()))
        #expect(documents.operations.count == 1)
    }

    struct Refusal: Sendable, CustomStringConvertible {
        var description: String
        var json: [UInt8]
        var message: String
    }

    @Test(arguments: [
        Refusal(description: "not JSON", json: Array("{".utf8), message: "not valid JSON"),
        Refusal(description: "not an object", json: Array("[]".utf8), message: "must be a JSON object"),
        Refusal(description: "other format", json: manifest("", format: "other"), message: "'format'"),
        Refusal(description: "version 2", json: manifest("", version: "2"), message: "'version' must be 1"),
        Refusal(description: "id not the body's hash", json: manifest(operation(id: String(repeating: "a", count: 64))), message: "id is not the SHA-256"),
        Refusal(description: "unknown type", json: manifest(operation(type: "fragment")), message: "operations[0].type"),
        Refusal(description: "operation not an object", json: manifest("1"), message: "operations[0] must be an object"),
    ])
    func refusesABadManifest(_ refusal: Refusal) {
        do {
            _ = try TrustedDocuments.load(json: refusal.json)
            Issue.record("accepted \(refusal)")
        } catch {
            #expect(error.description.contains(refusal.message), "\(error.description)")
        }
    }

    @Test func refusesMoreThanTheLargestManifest() {
        let huge = [UInt8](repeating: UInt8(ascii: " "), count: TrustedDocuments.maxManifestBytes + 1)
        #expect(throws: TrustedDocuments.ManifestError.self) { try TrustedDocuments.load(json: huge) }
    }
}
