import GraphQL
import HTTP1
import JSON
import Logging
import Moments
import MomentsFakes
import Testing
@testable import MomentsAPI

/// Ids and texts are bytes in the API layer: the token's subject against
/// `userID`, the trusted documents' safelist, the response cache's listing
/// of moments; and ids holding NUL are `BAD_USER_INPUT` wherever they come
/// from (arguments, cursors, the token's subject).
struct ByteIdentityTests {
    static let composed = "Jos\u{E9}"
    static let decomposed = "Jose\u{301}"
    static let secret = Array("0123456789abcdef0123456789abcdef".utf8)

    /// The demo data, and the two users whose ids are the NFC and NFD spellings of one name.
    static func database() -> InMemoryDatabase {
        let database = InMemoryDatabase.demo()
        database.addUser(User(id: composed, name: "Composed", avatar: "c", backgroundImage: "c"))
        database.addUser(User(id: decomposed, name: "Decomposed", avatar: "d", backgroundImage: "d"))
        return database
    }

    static func handler(
        _ database: InMemoryDatabase = database(), authenticated: Bool = false, trusted: [String]? = nil
    ) -> GraphQLHTTPHandler {
        let errors = ErrorMapping(logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        let engine = GraphQLEngine(schema: MomentsSchema.schema, errorMapper: { errors.graphQLError(for: $0, context: $1) })
        let documents = trusted.map { bodies in
            TrustedDocuments(checked: bodies.map { .init(id: sha256Hex($0), name: "q", type: .query, body: $0) })
        }
        return GraphQLHTTPHandler(
            engine: engine, services: MomentsServices(timelines: database.timelineService(), likes: database.likeService()),
            responseCache: ResponseCache(capacityBytes: 1 << 20),
            persistedQueries: PersistedQueryPolicy(trustedDocuments: documents),
            authenticator: authenticated ? BearerTokenVerifier(secret: secret) : nil)
    }

    static func post(
        _ handler: GraphQLHTTPHandler, _ query: String, variables: JSONObject? = nil, subject: String? = nil
    ) -> HTTPResponse {
        var object: JSONObject = ["query": .string(query)]
        if let variables { object["variables"] = .object(variables) }
        var headers: HTTPHeaders = ["Host": "test", "Content-Type": "application/json"]
        if let subject {
            let token = BearerTokenIssuer.sign(
                header: ["alg": "HS256", "typ": "JWT"], claims: ["sub": .string(subject), "exp": .int(4_000_000_000)], secret: secret)
            headers.add("Authorization", "Bearer \(token)")
        }
        return handler.handle(HTTPRequest(method: .post, target: "/graphql", headers: headers, body: JSONValue.object(object).serialized))
    }

    /// Whether no repository was called.
    static func untouched(_ database: InMemoryDatabase) -> Bool {
        let counts = database.callCounts
        return counts.userReads + counts.momentReads + counts.visibilityChecks + counts.likeReads + counts.likeWrites == 0
    }

    static func timelineDocument(_ userID: String) -> String {
        "{ getMomentsDetailsByUserID(userID: \"\(userID)\") { userDetails { id name } } }"
    }

    static func answer(_ userID: String, _ name: String) -> [UInt8] {
        Array(#"{"data":{"getMomentsDetailsByUserID":{"userDetails":{"id":"\#(userID)","name":"\#(name)"}}}}"#.utf8)
    }

    static func code(_ response: HTTPResponse) -> String? {
        guard case .object(let body)? = try? JSONParser.parse(response.body), case .array(let errors)? = body["errors"],
              case .object(let error)? = errors.first, case .object(let extensions)? = error["extensions"],
              case .string(let code)? = extensions["code"] else { return nil }
        return code
    }

    @Test func aTokenActsOnlyAsTheUserWithItsSubjectsBytes() {
        let handler = Self.handler(authenticated: true)
        let own = Self.post(handler, Self.timelineDocument(Self.composed), subject: Self.composed)
        #expect(own.body == Self.answer(Self.composed, "Composed"))
        // The other spelling of the subject is another user: forbidden, even once the own answer is cached.
        let other = Self.post(handler, Self.timelineDocument(Self.decomposed), subject: Self.composed)
        #expect(Self.code(other) == "FORBIDDEN")
        let like = Self.post(
            handler, #"mutation { updateMomentLike(momentID: "0", userID: "\#(Self.decomposed)", isLiked: true) { userDetails { id } } }"#,
            subject: Self.composed)
        #expect(Self.code(like) == "FORBIDDEN")
    }

    @Test func theSafelistListsTextsByTheirBytes() {
        let handler = Self.handler(trusted: [Self.timelineDocument(Self.composed)])
        #expect(Self.post(handler, Self.timelineDocument(Self.composed)).body == Self.answer(Self.composed, "Composed"))
        let other = Self.post(handler, Self.timelineDocument(Self.decomposed))
        #expect(other.status == .forbidden)
        #expect(Self.code(other) == "QUERY_NOT_IN_SAFELIST")
    }

    @Test func aLikeDropsOnlyTheAnswersListingThatMomentsBytes() {
        let cache = ResponseCache(capacityBytes: 1 << 20)
        let composed = ResponseCache.Key(query: "composed", operationName: nil, variables: nil)
        let decomposed = ResponseCache.Key(query: "decomposed", operationName: nil, variables: nil)
        cache.store(composed, .init(body: Array("c".utf8), operationName: nil), momentIDs: [Self.composed], ticket: cache.ticket())
        cache.store(decomposed, .init(body: Array("d".utf8), operationName: nil), momentIDs: [Self.decomposed], ticket: cache.ticket())
        cache.likesChanged(momentID: Self.decomposed)
        #expect(cache.lookup(decomposed) == nil)
        #expect(cache.lookup(composed)?.body == Array("c".utf8))
    }

    // MARK: NUL

    static let nulRequests: [(String, JSONObject?)] = [
        (#"{ getMomentsDetailsByUserID(userID: "3\u0000x") { userDetails { id } } }"#, nil),
        ("query($u: ID!) { getMomentsDetailsByUserID(userID: $u) { userDetails { id } } }", ["u": "3\u{0}x"]),
        (#"mutation { updateMomentLike(momentID: "2\u0000x", userID: "3", isLiked: true) { userDetails { id } } }"#, nil),
        ("mutation($m: ID!) { updateMomentLike(momentID: $m, userID: \"3\", isLiked: true) { userDetails { id } } }", ["m": "2\u{0}x"]),
        ("mutation($u: ID!) { updateMomentLike(momentID: \"2\", userID: $u, isLiked: true) { userDetails { id } } }", ["u": "3\u{0}x"]),
        ("query($u: ID) { featureToggles(userID: $u) { name } }", ["u": "3\u{0}x"]),
    ]

    @Test func idsWithNULAreBadUserInputAndReachNoRepository() {
        let database = Self.database()
        let handler = Self.handler(database)
        for (query, variables) in Self.nulRequests {
            let response = Self.post(handler, query, variables: variables)
            #expect(Self.code(response) == "BAD_USER_INPUT", "\(query)")
            #expect(response.text.contains(#""data":null"#), "\(query)")
        }
        #expect(Self.untouched(database))
    }

    @Test func aCursorWhoseMomentIDHoldsNULIsBadUserInput() {
        let database = Self.database()
        let cursor = PageCursor.encode(TimelineCursor(createdDate: InMemoryDatabase.demoNow, momentID: "2\u{0}x"))
        let response = Self.post(
            Self.handler(database), "query($after: String) { getMomentsDetailsByUserID(userID: \"0\", after: $after) { moments { id } } }",
            variables: ["after": .string(cursor)])
        #expect(Self.code(response) == "BAD_USER_INPUT")
        #expect(database.callCounts.momentReads == 0)
    }

    @Test func aTokenSubjectWithNULIsBadUserInputWhateverTheUserID() {
        let database = Self.database()
        let handler = Self.handler(database, authenticated: true)
        for userID in ["3\u{0}x", "3"] {
            let response = Self.post(handler, Self.timelineDocument(userID.replacingNUL), subject: "3\u{0}x")
            #expect(Self.code(response) == "BAD_USER_INPUT", "\(userID.debugDescription)")
        }
        #expect(Self.code(Self.post(handler, "{ featureToggles { name } }", subject: "3\u{0}x")) == "BAD_USER_INPUT")
        #expect(Self.untouched(database))
    }
}

extension String {
    /// As a GraphQL string literal's content: NUL as its `\u0000` escape.
    fileprivate var replacingNUL: String {
        String(unicodeScalars.flatMap { $0 == "\u{0}" ? Array(#"\u0000"#.unicodeScalars) : [$0] }.map(Character.init))
    }
}
