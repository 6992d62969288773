import HTTP1
import Testing

@testable import MomentsAPI

/// Which requests to `GET /graphql` get the explorer page instead of the endpoint.
@Suite struct ExplorerHandlerTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var method: HTTPMethod = .get
        var target = "/graphql"
        var accept: String?
        var wantsPage: Bool
        var description: String { name }
    }

    static let chromium = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8"

    static let cases: [Case] = [
        .init(name: "a browser's navigation", accept: chromium, wantsPage: true),
        .init(name: "HEAD from a browser", method: .head, accept: chromium, wantsPage: true),
        .init(name: "any case", accept: "TEXT/HTML", wantsPage: true),
        .init(name: "other parameters only", target: "/graphql?tab=docs", accept: chromium, wantsPage: true),
        .init(name: "a browser with a query runs it", target: "/graphql?query=%7B__typename%7D", accept: chromium, wantsPage: false),
        .init(name: "an empty query parameter is still a query", target: "/graphql?query=", accept: chromium, wantsPage: false),
        .init(name: "an APQ hash alone is a query", target: "/graphql?extensions=%7B%7D", accept: chromium, wantsPage: false),
        .init(name: "a JSON client", accept: "application/json", wantsPage: false),
        .init(name: "graphql-response+json", accept: "application/graphql-response+json", wantsPage: false),
        .init(name: "no Accept (curl)", accept: nil, wantsPage: false),
        .init(name: "*/* alone", accept: "*/*", wantsPage: false),
        .init(name: "text/html refused (q=0)", accept: "application/json, text/html;q=0", wantsPage: false),
        .init(name: "a range that only contains the words", accept: "application/text/html+json", wantsPage: false),
        .init(name: "POST is always the endpoint", method: .post, accept: chromium, wantsPage: false),
    ]

    @Test(arguments: cases)
    func choosesThePageOnlyForABrowserWithoutAQuery(_ testCase: Case) {
        var headers: HTTPHeaders = ["Host": "127.0.0.1"]
        if let accept = testCase.accept { headers.add("Accept", accept) }
        let request = HTTPRequest(method: testCase.method, target: testCase.target, headers: headers)
        #expect(ExplorerHandler.wantsPage(request) == testCase.wantsPage)
        let handler = ExplorerHandler(next: EndpointStub())
        let response = handler.handle(request)
        #expect((response.headers["Content-Type"] == "text/html; charset=utf-8") == testCase.wantsPage)
        #expect(handler.execution(for: request) == (testCase.wantsPage ? .inline : .pooled))
    }
}

/// Stands for the GraphQL handler: answers JSON, runs pooled.
private struct EndpointStub: HTTPHandler {
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        HTTPResponse(status: .ok, contentType: "application/json; charset=utf-8", body: "{}")
    }
}
