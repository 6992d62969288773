import HTTP1
import Testing

@testable import MomentsAPI

/// The GraphQL-over-HTTP rules of the handler, called directly (no socket).
@Suite struct GraphQLOverHTTPRuleTests {
    let fixture = APIFixture()

    @Test func getRunsQueriesWithVariablesAndOperationName() {
        let response = fixture.get("/graphql?query=query%20Q(%24id%3A%20ID!)%7BgetMomentsDetailsByUserID(userID%3A%24id)%7BuserDetails%7Bname%7D%7D%7D&variables=%7B%22id%22%3A%223%22%7D&operationName=Q")
        #expect(response.status == .ok)
        #expect(response.text == #"{"data":{"getMomentsDetailsByUserID":{"userDetails":{"name":"Swift Language"}}}}"#)
    }

    @Test func mutationOverGetIs405WithAllowPost() {
        let response = fixture.get("/graphql?query=mutation%7BupdateMomentLike(momentID%3A%220%22%2CuserID%3A%220%22%2CisLiked%3Atrue)%7BuserDetails%7Bid%7D%7D%7D")
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "POST")
        #expect(fixture.database.callCounts.likeWrites == 0)
    }

    @Test func getWithoutQueryIs400() {
        #expect(fixture.get("/graphql").status == .badRequest)
        #expect(fixture.get("/graphql?query=%7B__typename%7D&variables=%5B").status == .badRequest)
    }

    struct StatusCase: Sendable, CustomStringConvertible {
        var name: String
        var body: String
        var accept: String?
        var status: Int
        var code: String
        var description: String { name }
    }

    static let requestErrors: [StatusCase] = [
        .init(name: "parse error, json", body: #"{"query":"{"}"#, accept: nil, status: 200, code: "GRAPHQL_PARSE_FAILED"),
        .init(name: "parse error, graphql-response+json", body: #"{"query":"{"}"#, accept: "application/graphql-response+json", status: 400, code: "GRAPHQL_PARSE_FAILED"),
        .init(name: "validation error, graphql-response+json", body: #"{"query":"{ nope }"}"#, accept: "application/graphql-response+json", status: 400, code: "GRAPHQL_VALIDATION_FAILED"),
        .init(name: "unknown operation, graphql-response+json", body: #"{"query":"query A { __typename }","operationName":"B"}"#, accept: "application/graphql-response+json", status: 400, code: "BAD_USER_INPUT"),
        .init(name: "bad variable, json", body: #"{"query":"query ($id: ID!) { getMomentsDetailsByUserID(userID: $id) { moments { id } } }","variables":{"id":true}}"#, accept: "application/json", status: 200, code: "BAD_USER_INPUT"),
        .init(name: "bad variable, graphql-response+json", body: #"{"query":"query ($id: ID!) { getMomentsDetailsByUserID(userID: $id) { moments { id } } }","variables":{}}"#, accept: "application/graphql-response+json", status: 400, code: "BAD_USER_INPUT"),
        .init(name: "subscription rejected", body: #"{"query":"subscription { __typename }"}"#, accept: nil, status: 200, code: "GRAPHQL_VALIDATION_FAILED"),
    ]

    @Test(arguments: requestErrors)
    func requestErrorsHaveNoDataAndTheirStatus(_ testCase: StatusCase) {
        let response = fixture.post(testCase.body, accept: testCase.accept)
        #expect(response.status.code == testCase.status)
        #expect(response.text.hasPrefix(#"{"errors":[{"message":"#))
        #expect(response.text.contains(#""code":"\#(testCase.code)""#))
        #expect(!response.text.contains(#""data""#))
    }

    @Test(arguments: ["text/plain", "application/x-www-form-urlencoded", "application/graphql"])
    func unsupportedContentTypeIs415(_ contentType: String) {
        let response = fixture.post(#"{"query":"{ __typename }"}"#, contentType: contentType)
        #expect(response.status == .unsupportedMediaType)
    }

    @Test func jsonContentTypeWithCharsetIsAccepted() {
        let response = fixture.post(#"{"query":"{ __typename }"}"#, contentType: "application/json; charset=utf-8")
        #expect(response.text == #"{"data":{"__typename":"Query"}}"#)
    }

    @Test(arguments: ["", "nope", "[]", "null", #"{"query":null}"#, #"{"query":"{ __typename }","variables":"x"}"#, #"{"query":"{ __typename }","operationName":5}"#])
    func bodyThatIsNotAGraphQLRequestIs400(_ body: String) {
        let response = fixture.post(body)
        #expect(response.status == .badRequest)
        #expect(response.text.contains(#""code":"BAD_USER_INPUT""#))
    }

    @Test func nullVariablesAndOperationNameAreAbsent() {
        let response = fixture.post(#"{"query":"{ __typename }","variables":null,"operationName":null,"extensions":{}}"#)
        #expect(response.text == #"{"data":{"__typename":"Query"}}"#)
    }

    /// graphql-http audits 58B0–58B3: a string, number, boolean or array
    /// `extensions` is 400, whatever the Accept header, as `variables` is.
    @Test(arguments: [#""string""#, "0", "false", #"["array"]"#])
    func extensionsThatIsNotAnObjectIs400(_ extensions: String) {
        for accept in [nil, "application/json", "application/graphql-response+json"] {
            let response = fixture.post(#"{"query":"{ __typename }","extensions":\#(extensions)}"#, accept: accept)
            #expect(response.status == .badRequest)
            #expect(response.text == #"{"errors":[{"message":"'extensions' must be an object or null.","extensions":{"code":"BAD_USER_INPUT"}}]}"#)
        }
    }

    // (`persistedQuery` is read: PersistedQueryTests.)
    @Test(arguments: ["null", "{}", #"{"tracing":true}"#, #"{"persistedQuery":null}"#])
    func extensionsThatIsAnObjectOrNullIsAccepted(_ extensions: String) {
        let response = fixture.post(#"{"query":"{ __typename }","extensions":\#(extensions)}"#)
        #expect(response.text == #"{"data":{"__typename":"Query"}}"#)
    }

    @Test func getChecksExtensionsAsItChecksVariables() {
        #expect(fixture.get("/graphql?query=%7B__typename%7D&extensions=%22x%22").status == .badRequest)
        #expect(fixture.get("/graphql?query=%7B__typename%7D&extensions=%5B").status == .badRequest)
        #expect(fixture.get("/graphql?query=%7B__typename%7D&extensions=%5B1%5D").status == .badRequest)
        #expect(fixture.get("/graphql?query=%7B__typename%7D&extensions=null").status == .ok)
        #expect(fixture.get("/graphql?query=%7B__typename%7D&extensions=%7B%7D").text == #"{"data":{"__typename":"Query"}}"#)
    }
}
