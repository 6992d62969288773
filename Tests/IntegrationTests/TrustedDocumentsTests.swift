import Foundation
import MomentsAPI
import Testing

/// `--trusted-documents`: the app's two operations run by id and by text;
/// anything else is refused before it is parsed.
@Suite struct TrustedDocumentsTests {
    let databasePath: String
    let manifestPath: String

    init() throws {
        databasePath = try PersistedQueryTests.temporaryDatabase()
        manifestPath = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("manifest.json").path
        let (status, output) = try ServerProcess.runMergingStandardError(["manifest"])
        #expect(status == 0)
        try Data(output.utf8).write(to: URL(fileURLWithPath: manifestPath))
    }

    static var likeVariables: [String: Any] { ["momentID": "0", "userID": "1", "isLiked": true] }

    @Test func manifestListsTheAppsTwoOperations() throws {
        let manifest = try TrustedDocuments.load(json: Array(try Data(contentsOf: URL(fileURLWithPath: manifestPath))))
        #expect(manifest.operations.map(\.name) == ["getMomentsDetailsByUserID", "updateMomentLike"])
        #expect(manifest.operations.map(\.body) == [AppDocuments.timeline, AppDocuments.updateLike])
        #expect(manifest.operations.map(\.id) == [sha256Hex(AppDocuments.timeline), sha256Hex(AppDocuments.updateLike)])
    }

    @Test func theAppsOperationsRunByIDAndByText() async throws {
        let server = try ServerProcess(databasePath: databasePath, arguments: ["--trusted-documents", manifestPath])
        let client = GraphQLClient(baseURL: server.baseURL)

        let byText = try await client.graphQL(query: AppDocuments.timeline, variables: PersistedQueryTests.variables)
        #expect(byText.status == 200)
        #expect(try PersistedQueryTests.isTimeline(byText))
        let byID = try await PersistedQueryTests.post(client, query: nil, hash: PersistedQueryTests.timelineHash)
        #expect(byID.body == byText.body)
        let byGet = try await PersistedQueryTests.get(client, query: nil, hash: PersistedQueryTests.timelineHash)
        #expect(byGet.body == byText.body)

        let like = try await client.graphQL(query: AppDocuments.updateLike, variables: Self.likeVariables)
        #expect(like.status == 200)
        #expect(try like.json["errors"] == nil)
        let payload: [String: Any] = [
            "extensions": PersistedQueryTests.extensions(sha256Hex(AppDocuments.updateLike)), "variables": Self.likeVariables,
        ]
        let likeByID = try await client.post(body: try JSONSerialization.data(withJSONObject: payload))
        #expect(likeByID.status == 200)
        #expect(likeByID.body == like.body)
    }

    @Test func anythingElseIsRefusedWithoutParsing() async throws {
        let server = try ServerProcess(databasePath: databasePath, arguments: ["--trusted-documents", manifestPath])
        let client = GraphQLClient(baseURL: server.baseURL)
        let safelist = #"{"errors":[{"message":"The operation body was not found in the persisted query safelist","extensions":{"code":"QUERY_NOT_IN_SAFELIST"}}]}"#

        // A parse error if it were parsed: the refusal is the safelist's, not GRAPHQL_PARSE_FAILED.
        let unparsable = try await client.graphQL(query: "{ this is { not GraphQL")
        #expect(unparsable.status == 403)
        #expect(unparsable.text == safelist)
        #expect(unparsable.header("Cache-Control") == "private, no-cache, must-revalidate")
        // A valid document, and the app's own with one byte changed.
        #expect(try await client.graphQL(query: "{ __typename }").text == safelist)
        #expect(try await client.graphQL(query: AppDocuments.timeline + " ", variables: PersistedQueryTests.variables).status == 403)

        let unknownID = String(repeating: "0", count: 64)
        let byID = try await PersistedQueryTests.post(client, query: nil, hash: unknownID)
        #expect(byID.status == 404)
        #expect(byID.text == #"{"errors":[{"message":"Persisted query '\#(unknownID)' not found in the persisted query list","extensions":{"code":"PERSISTED_QUERY_NOT_IN_LIST"}}]}"#)
        // A listed id with other text: the hash check, as with APQ.
        let hijack = try await PersistedQueryTests.post(client, query: "{ __typename }", hash: PersistedQueryTests.timelineHash)
        #expect(hijack.status == 400)
        #expect(try PersistedQueryTests.errorCode(hijack) == "BAD_REQUEST")
    }

    @Test(arguments: [
        #"{"format":"apollo-persisted-query-manifest","version":2,"operations":[]}"#,
        #"{"format":"apollo-persisted-query-manifest","version":1,"operations":[{"id":"00","name":"x","type":"query","body":"{ __typename }"}]}"#,
        "not json",
    ])
    func aBadManifestIsAStartupError(_ text: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: manifestPath))
        let (status, output) = try ServerProcess.runMergingStandardError(["--port", "0", "--database", databasePath, "--trusted-documents", manifestPath])
        #expect(status != 0)
        #expect(output.contains("trusted documents"))
        #expect(!output.contains("listening on"))
    }

    @Test func aManifestOperationThatDoesNotValidateIsAStartupError() throws {
        let manifest = TrustedDocuments.manifest([("nope", .query, "{ noSuchField }")])
        try Data(manifest).write(to: URL(fileURLWithPath: manifestPath))
        let (status, output) = try ServerProcess.runMergingStandardError(["--port", "0", "--database", databasePath, "--trusted-documents", manifestPath])
        #expect(status != 0)
        #expect(output.contains("trusted document 'nope'"))
    }
}
