import HTTP1
import HTTPServer
import Testing

/// Handlers declared non-blocking run on the I/O thread; the rest run off it.
/// Either way the client sees the same bytes, in request order.
struct NonBlockingHandlerTests {
    struct DeclaresItself: HTTPHandler {
        func handle(_ request: HTTPRequest) -> HTTPResponse { HTTPResponse(status: .ok) }
        func execution(for request: HTTPRequest) -> HandlerExecution { request.query == nil ? .inline : .pooled }
    }

    static let router: Router = {
        var router = Router()
        router.add(.get, "/fast", execution: .inline) { _ in HTTPResponse(status: .ok) }
        router.add(.get, "/slow") { _ in HTTPResponse(status: .ok) }
        router.add(.post, "/slow") { _ in HTTPResponse(status: .ok) }
        router.add(.get, "/self", DeclaresItself())
        return router
    }()

    struct RouteCase: Sendable, CustomTestStringConvertible {
        let name: String
        let method: HTTPMethod
        let target: String
        let nonBlocking: Bool
        var testDescription: String { name }
    }

    @Test(arguments: [
        RouteCase(name: "route declared non-blocking", method: .get, target: "/fast", nonBlocking: true),
        RouteCase(name: "HEAD served by a non-blocking GET", method: .head, target: "/fast", nonBlocking: true),
        RouteCase(name: "route not declared", method: .get, target: "/slow", nonBlocking: false),
        RouteCase(name: "HEAD served by a blocking GET", method: .head, target: "/slow", nonBlocking: false),
        RouteCase(name: "handler declares itself", method: .get, target: "/self", nonBlocking: true),
        RouteCase(name: "handler declines for this request", method: .get, target: "/self?x=1", nonBlocking: false),
        RouteCase(name: "unknown path: the router's 404", method: .get, target: "/nope", nonBlocking: true),
        RouteCase(name: "wrong method: the router's 405", method: .delete, target: "/slow", nonBlocking: true),
        RouteCase(name: "OPTIONS *", method: .options, target: "*", nonBlocking: true),
    ])
    func routerDeclaresWhatMayRunInline(_ example: RouteCase) {
        let request = HTTPRequest(method: example.method, target: example.target)
        #expect((Self.router.execution(for: request) == .inline) == example.nonBlocking)
    }

    @Test func handlersAreBlockingUnlessTheySayOtherwise() {
        let handler = ClosureHandler { _ in HTTPResponse(status: .ok) }
        #expect(handler.execution(for: HTTPRequest(method: .get, target: "/")) == .pooled)
    }

    struct Dedicated: HTTPHandler {
        func handle(_ request: HTTPRequest) -> HTTPResponse { HTTPResponse(status: .ok) }
        func execution(for request: HTTPRequest) -> HandlerExecution { .dedicated }
    }

    /// Forwards the question, as a wrapping handler should.
    struct Wrapper: HTTPHandler {
        let next: any HTTPHandler
        func handle(_ request: HTTPRequest) -> HTTPResponse { next.handle(request) }
        func execution(for request: HTTPRequest) -> HandlerExecution { next.execution(for: request) }
    }

    struct ExecutionCase: Sendable, CustomTestStringConvertible {
        let name: String
        let target: String
        let execution: HandlerExecution
        var testDescription: String { name }
    }

    @Test(arguments: [
        ExecutionCase(name: "execution: .inline", target: "/fast", execution: .inline),
        ExecutionCase(name: "no declaration", target: "/slow", execution: .pooled),
        ExecutionCase(name: "execution: .dedicated", target: "/ready", execution: .dedicated),
        ExecutionCase(name: "execution: .pooled overrides the handler's inline", target: "/pooled", execution: .pooled),
        ExecutionCase(name: "handler says dedicated itself", target: "/probe", execution: .dedicated),
        ExecutionCase(name: "handler says inline itself", target: "/self", execution: .inline),
        ExecutionCase(name: "router's 404", target: "/nope", execution: .inline),
    ])
    func routerRunsEachRouteWhereItIsDeclared(_ example: ExecutionCase) {
        var router = Self.router
        router.add(.get, "/ready", execution: .dedicated) { _ in HTTPResponse(status: .ok) }
        router.add(.get, "/pooled", execution: .pooled, DeclaresItself())
        router.add(.get, "/probe", Dedicated())
        let request = HTTPRequest(method: .get, target: example.target)
        #expect(router.execution(for: request) == example.execution)
        // Behind a wrapper that forwards the question, nothing changes.
        #expect(Wrapper(next: router).execution(for: request) == example.execution)
    }

    @Test func pipelinedInlineAndOffloadedRequestsAreAnsweredInOrder() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let client = try fixture.client()
        try client.send(
            "GET /inline HTTP/1.1\r\nHost: t\r\n\r\n"
                + "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"
                + "GET /inline HTTP/1.1\r\nHost: t\r\n\r\n"
                + "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\n\r\nping"
                + "GET /missing HTTP/1.1\r\nHost: t\r\n\r\n"
        )
        var answers: [String] = []
        for _ in 0..<5 { answers.append(try client.readResponse().text) }
        #expect(answers == ["inline", "hello", "inline", "ping", "404 Not Found\n"])
    }

    @Test func inlineRequestWaitsBehindItsConnectionsSlowRequestOnly() throws {
        let fixture = try TestServer()
        defer { _ = fixture.stop() }
        let slow = try fixture.client()
        try slow.send("GET /slow HTTP/1.1\r\nHost: t\r\n\r\nGET /inline HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(fixture.slowGate.waitForArrival())
        let other = try fixture.client(timeout: .seconds(2))
        for _ in 0..<3 {
            try other.send("GET /inline HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.readResponse().text == "inline")
        }
        fixture.slowGate.release()
        #expect(try slow.readResponse().text == "slow")
        #expect(try slow.readResponse().text == "inline")
    }
}
