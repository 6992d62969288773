import HTTP1
import Testing
import Toggles

@testable import MomentsAPI

/// How a request becomes the Unleash context `featureToggles` evaluates.
@Suite struct FeatureTogglesContextTests {
    @Test func headersAndAddressFillTheContext() {
        var request = HTTPRequest(method: .post, target: "/graphql", headers: [
            "x-session-id": "s-1", "x-app-version": "1.4.0", "x-app-platform": "iOS", "x-os-version": "17.2",
        ])
        request.remoteAddress = "10.1.2.3"
        let toggles = FeatureToggles(store: ToggleStore(ToggleSnapshot(state: ToggleState(), source: "test", loadedAt: 0)), appName: "moments", environment: "staging")
        let context = toggles.context(for: ToggleRequest(request), userID: "7")
        #expect(context == ToggleContext(
            userId: "7", sessionId: "s-1", remoteAddress: "10.1.2.3", environment: "staging", appName: "moments",
            properties: ["appVersion": "1.4.0", "platform": "iOS", "osVersion": "17.2"]))
    }

    @Test func oversizedHeadersAreIgnored() {
        let request = HTTPRequest(method: .post, target: "/graphql", headers: ["x-app-version": String(repeating: "9", count: 257)])
        #expect(ToggleRequest(request).appVersion == nil)
    }

    /// docs/api.md's example: the like button from app version 1.4.0 on iOS.
    @Test func likeButtonGatedOnAppVersionAndPlatform() throws {
        let state = try ToggleState.parse(Array("""
            {"version": 1, "features": [{"name": "isLikeButtonForMomentEnabled", "enabled": true,
              "strategies": [{"name": "default", "constraints": [
                {"contextName": "appVersion", "operator": "SEMVER_GTE", "value": "1.4.0"},
                {"contextName": "platform", "operator": "IN", "values": ["iOS"]}]}]}]}
            """.utf8))
        let toggles = FeatureToggles(store: ToggleStore(ToggleSnapshot(state: state, source: "test", loadedAt: 0)))
        func like(_ version: String, _ platform: String) -> Bool? {
            toggles.evaluate(for: ToggleRequest(appVersion: version, platform: platform), userID: nil).first?.enabled
        }
        #expect(like("1.4.0", "iOS") == true)
        #expect(like("1.3.9", "iOS") == false)
        #expect(like("1.4.0", "Android") == false)
    }
}
