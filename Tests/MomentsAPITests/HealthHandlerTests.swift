import HTTP1
import MomentsAPI
import Testing

@Suite struct HealthHandlerTests {
    @Test func livenessIsAlways200() {
        let response = LivenessHandler().handle(HTTPRequest(method: .get, target: "/healthz", headers: ["Host": "x"]))
        #expect(response.status == .ok)
    }

    @Test func readinessFollowsTheStoreState() {
        let request = HTTPRequest(method: .get, target: "/readyz", headers: ["Host": "x"])
        let ready = ReadinessHandler(notes: ["anonymous access allowed"], problem: { nil }).handle(request)
        #expect(ready.status == .ok)
        #expect(ready.text == "ready\nanonymous access allowed\n")
        let down = ReadinessHandler(problem: { "database unreachable for 3 s (connect failed)" }).handle(request)
        #expect(down.status == .serviceUnavailable)
        #expect(down.headers["Retry-After"] == "1")
        #expect(down.text == "not ready: database unreachable for 3 s (connect failed)\n")
    }

    @Test func rootPagePointsAtGraphQLWithTheRequestHost() {
        let response = RootPageHandler().handle(HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost:4000"]))
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(response.text.contains("curl -s http://localhost:4000/graphql"))
    }
}
