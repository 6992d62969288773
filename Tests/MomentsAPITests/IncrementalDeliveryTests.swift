import GraphQL
import HTTP1
import JSON
import MomentsAPI
import Testing

/// `@defer` in the 2022-08-24 format Apollo's clients parse: the parts,
/// merged, are the plain answer; the initial part comes first and lacks the
/// deferred fields; without the Accept that asks for it, one plain answer.
@Suite struct IncrementalDeliveryTests {
    let fixture = APIFixture()
    static let accept = "multipart/mixed;deferSpec=20220824, application/json"

    static let deferredLikes = """
        query t($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) {
          userDetails { name } moments { id title ... @defer(label: "likes") { isLiked likes { id } } } } }
        """
    static let plain = """
        query t($userID: ID!) { getMomentsDetailsByUserID(userID: $userID) {
          userDetails { name } moments { id title isLiked likes { id } } } }
        """

    /// The multipart body's parts, in order, as JSON objects (and the raw chunks the transport would write).
    static func parts(of response: HTTPResponse) throws -> (parts: [JSONObject], chunks: Int) {
        let stream = try #require(response.stream, "an incrementally delivered answer is streamed")
        var bytes: [UInt8] = []
        var chunks = 0
        loop: for _ in 0..<16 {
            switch stream.next() {
            case .bytes(let piece): bytes += piece; chunks += 1
            case .end(let piece): bytes += piece; chunks += 1; break loop
            case .none: break loop
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("\r\n--graphql\r\ncontent-type: application/json\r\n\r\n"))
        #expect(text.hasSuffix("\r\n--graphql--\r\n"))
        let bodies = text.components(separatedBy: "\r\n--graphql").dropFirst().compactMap { part -> JSONObject? in
            guard let start = part.range(of: "\r\n\r\n") else { return nil }
            guard case .object(let object)? = try? JSONParser.parse(Array(part[start.upperBound...].utf8)) else { return nil }
            return object
        }
        return (bodies, chunks)
    }

    /// Applies each `incremental` entry's data at its path.
    static func merge(_ parts: [JSONObject]) throws -> JSONValue {
        var data = try #require(parts.first?["data"])
        for part in parts.dropFirst() {
            guard case .array(let entries)? = part["incremental"] else { continue }
            for case .object(let entry) in entries {
                guard case .array(let path)? = entry["path"], case .object(let fields)? = entry["data"] else { continue }
                data = insert(fields, at: path[...], into: data)
            }
        }
        return data
    }

    private static func insert(_ fields: JSONObject, at path: ArraySlice<JSONValue>, into value: JSONValue) -> JSONValue {
        guard let head = path.first else {
            guard case .object(var object) = value else { return value }
            for member in fields.members { object[member.key] = member.value }
            return .object(object)
        }
        switch (head, value) {
        case (.string(let key), .object(var object)):
            object[key] = insert(fields, at: path.dropFirst(), into: object[key] ?? .null)
            return .object(object)
        case (.int(let index), .array(var elements)) where elements.indices.contains(index):
            elements[index] = insert(fields, at: path.dropFirst(), into: elements[index])
            return .array(elements)
        default:
            return value
        }
    }

    @Test func theDeferredLikesMergedAreThePlainAnswerAndComeAfterTheInitialPart() throws {
        let response = fixture.post(query: Self.deferredLikes, variables: ["userID": "0"], accept: Self.accept)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "multipart/mixed;boundary=graphql;deferSpec=20220824")
        let (parts, chunks) = try Self.parts(of: response)
        #expect(parts.count == 2 && chunks == 2, "the initial part and the deferred one, each its own chunk")
        #expect(parts[0]["hasNext"] == .bool(true))
        #expect(parts[1]["hasNext"] == .bool(false))
        #expect(parts[1]["data"] == nil && parts[1]["incremental"] != nil, "the last part carries data, not a bare hasNext")
        let initial = String(decoding: JSONValue.object(parts[0]).serialized, as: UTF8.self)
        #expect(!initial.contains("isLiked") && !initial.contains("likes"), "the initial part lacks the deferred fields: \(initial)")
        guard case .array(let entries)? = parts[1]["incremental"], case .object(let first)? = entries.first else {
            Issue.record("no incremental entries")
            return
        }
        #expect(entries.count == 5)
        #expect(first["label"] == .string("likes"))
        #expect(first["path"] == .array(["getMomentsDetailsByUserID", "moments", 0]))

        let plain = fixture.post(query: Self.plain, variables: ["userID": "0"])
        guard case .object(let plainAnswer)? = try? JSONParser.parse(plain.body) else {
            Issue.record("plain answer is not JSON")
            return
        }
        #expect(try Self.merge(parts) == plainAnswer["data"])
    }

    @Test func aDeferredNamedFragmentIsDeliveredAtItsPath() throws {
        let query = """
            query t { getMomentsDetailsByUserID(userID: "0") { userDetails { name } ...Likes @defer } }
            fragment Likes on MomentsDetails { moments { id likesCount } }
            """
        let (parts, _) = try Self.parts(of: fixture.post(query: query, accept: Self.accept))
        guard case .array(let entries)? = parts.last?["incremental"], case .object(let entry)? = entries.first else {
            Issue.record("no incremental entry")
            return
        }
        #expect(entry["path"] == .array(["getMomentsDetailsByUserID"]))
        #expect(entry["label"] == nil)
        let plain = fixture.post(query: #"{ getMomentsDetailsByUserID(userID: "0") { userDetails { name } moments { id likesCount } } }"#)
        guard case .object(let plainAnswer)? = try? JSONParser.parse(plain.body) else { return }
        #expect(try Self.merge(parts) == plainAnswer["data"])
    }

    @Test func withoutTheAcceptOrWithIfFalseTheAnswerIsOnePlainBody() throws {
        let ignored = fixture.post(query: Self.deferredLikes, variables: ["userID": "0"])
        #expect(ignored.stream == nil)
        #expect(ignored.headers["Content-Type"]?.hasPrefix("application/json") == true)
        let plain = fixture.post(query: Self.plain, variables: ["userID": "0"])
        #expect(ignored.body == plain.body, "@defer is ignored: the same answer as without it")

        let off = Self.deferredLikes.replacingOccurrences(of: #"@defer(label: "likes")"#, with: "@defer(if: $d)")
            .replacingOccurrences(of: "query t($userID: ID!)", with: "query t($userID: ID!, $d: Boolean!)")
        let notDeferred = fixture.post(query: off, variables: ["userID": "0", "d": false], accept: Self.accept)
        #expect(notDeferred.stream == nil, "@defer(if: false) defers nothing")
        #expect(notDeferred.body == plain.body)
    }
}
