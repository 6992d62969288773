import HTTP1
import MomentsAPI
import Testing

@Suite struct HealthHandlerTests {
    struct DatabaseDown: Error {}

    @Test func livenessIsAlways200() {
        let response = LivenessHandler().handle(HTTPRequest(method: .get, target: "/healthz", headers: ["Host": "x"]))
        #expect(response.status == .ok)
    }

    @Test func readinessFollowsTheDatabase() {
        let request = HTTPRequest(method: .get, target: "/readyz", headers: ["Host": "x"])
        #expect(ReadinessHandler(ping: {}).handle(request).status == .ok)
        let down = ReadinessHandler(ping: { throw DatabaseDown() }).handle(request)
        #expect(down.status == .serviceUnavailable)
        #expect(down.text == "database unavailable\n")
    }

    @Test func rootPagePointsAtGraphQLWithTheRequestHost() {
        let response = RootPageHandler().handle(HTTPRequest(method: .get, target: "/", headers: ["Host": "localhost:4000"]))
        #expect(response.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(response.text.contains("curl -s http://localhost:4000/graphql"))
    }
}
