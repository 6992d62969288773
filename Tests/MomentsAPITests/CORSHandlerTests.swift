import HTTP1
import MomentsAPI
import Testing

@Suite struct CORSHandlerTests {
    struct Echo: HTTPHandler {
        func handle(_ request: HTTPRequest) -> HTTPResponse { HTTPResponse(status: .ok, contentType: "text/plain", body: "hi") }
    }

    let handler = CORSHandler(policy: CORSPolicy(allowedOrigins: ["https://a.example"]), paths: ["/graphql", "/"], next: Echo())

    @Test func preflightFromAllowedOrigin() {
        let response = handler.handle(HTTPRequest(method: .options, target: "/graphql", headers: [
            "Host": "x", "Origin": "https://a.example", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type, x-app-version",
        ]))
        #expect(response.status == .noContent)
        #expect(response.headers["Access-Control-Allow-Origin"] == "https://a.example")
        #expect(response.headers["Access-Control-Allow-Headers"] == "content-type, x-app-version")
        #expect(response.headers["Vary"] == "Origin")
    }

    @Test func otherOriginsGetNoCORSHeaders() {
        let response = handler.handle(HTTPRequest(method: .get, target: "/", headers: ["Host": "x", "Origin": "https://b.example"]))
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
        #expect(response.text == "hi")
    }

    @Test func noPolicyMeansPassThrough() {
        let open = CORSHandler(policy: CORSPolicy(allowedOrigins: []), paths: ["/graphql", "/"], next: Echo())
        let response = open.handle(HTTPRequest(method: .get, target: "/", headers: ["Host": "x", "Origin": "https://a.example"]))
        #expect(response.headers["Access-Control-Allow-Origin"] == nil)
    }
}

@Suite struct CORSPathTests {
    @Test func pathsOutsideTheListGetNoCORSHeaders() {
        let handler = CORSHandler(
            policy: CORSPolicy(allowedOrigins: ["*"]), paths: ["/graphql"], next: CORSHandlerTests.Echo())
        let metrics = handler.handle(HTTPRequest(method: .get, target: "/metrics", headers: ["Host": "x", "Origin": "https://b.example"]))
        #expect(metrics.headers["Access-Control-Allow-Origin"] == nil)
        #expect(metrics.headers["Vary"] == nil)
        let graphQL = handler.handle(HTTPRequest(method: .get, target: "/graphql?query=x", headers: ["Host": "x", "Origin": "https://b.example"]))
        #expect(graphQL.headers["Access-Control-Allow-Origin"] == "https://b.example")
    }
}
