import Foundation
import Testing
import TestSupport

/// `featureToggles` through the real binary, its toggles fetched from a toggle
/// server of our own: flips arrive within the configured refresh interval,
/// a hanging toggle server never slows a request, and a restart while it is
/// down serves the persisted state.
@Suite(.serialized) struct FeatureTogglesTests {
    static let refresh = 0.5
    static let timeout = 1.0
    static let loadedBound = Duration.seconds(10)
    static let query = "{ featureToggles(userID: \"7\") { name enabled variant { name enabled payload } } }"

    static func state(flip: Bool) -> String {
        #"{"version": 1, "features": [{"name": "flip", "enabled": \#(flip), "strategies": [{"name": "default"}],"#
            + #" "variants": [{"name": "blue", "weight": 1000, "payload": {"type": "string", "value": "b"}}]}]}"#
    }

    /// Blocking requests (`BlockingRequest`): these tests time flips and requests.
    func toggles(port: Int, headers: [String: String] = GraphQLClient.appHeaders) throws -> [[String: Any]] {
        let reply = try BlockingRequest.graphQL(port: port, query: Self.query, headers: headers)
        let data = try #require(try reply.json["data"] as? [String: Any])
        return try #require(data["featureToggles"] as? [[String: Any]])
    }

    func flip(port: Int) throws -> Bool? {
        try toggles(port: port).first { $0["name"] as? String == "flip" }?["enabled"] as? Bool
    }

    func arguments(_ toggleServer: ToggleServer, cache: String) -> [String] {
        ["--toggles-url", toggleServer.url, "--toggles-token", "t0k3n", "--toggles-refresh", String(Self.refresh),
         "--toggles-timeout", String(Self.timeout), "--toggles-cache", cache]
    }

    /// A flip shows within one interval plus two fetch timeouts
    /// (docs/configuration.md), 2.5 s here; the test allows 10 s for sanitizer
    /// runs on loaded cores, still under the default 15 s interval, so a
    /// refresher that ignored the option or stopped would fail.
    @Test func aFlipShowsWithinTheConfiguredRefreshInterval() throws {
        let toggleServer = try ToggleServer(state: Self.state(flip: true))
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: arguments(toggleServer, cache: directory.file("toggles.json")))
        defer { _ = server.stop() }
        #expect(eventually(within: .seconds(10)) { (try? flip(port: server.port)) == true })
        let variant = try #require(try toggles(port: server.port).first?["variant"] as? [String: Any])
        #expect(variant["name"] as? String == "blue" && variant["payload"] as? String == "b")

        try toggleServer.setState(Self.state(flip: false))
        let clock = ContinuousClock()
        let start = clock.now
        #expect(eventually(within: Self.loadedBound) { (try? flip(port: server.port)) == false })
        #expect(clock.now - start <= Self.loadedBound)
    }

    @Test func aHangingToggleServerNeverSlowsARequest() throws {
        let toggleServer = try ToggleServer(state: Self.state(flip: true))
        let directory = try TemporaryDirectory()
        // Fetches that hang for a whole 4 s timeout: a request that waited for one
        // would take seconds, far past a bound that a loaded machine still meets.
        var options = arguments(toggleServer, cache: directory.file("toggles.json"))
        if let timeout = options.firstIndex(of: "--toggles-timeout") { options[timeout + 1] = "4" }
        let server = try ServerProcess(databasePath: directory.databasePath, arguments: options)
        defer { _ = server.stop() }
        #expect(eventually(within: .seconds(10)) { (try? flip(port: server.port)) == true })
        try toggleServer.setMode("hang")
        let clock = ContinuousClock()
        let end = clock.now + .seconds(9)  // spans at least two hanging fetches
        while clock.now < end {
            let started = clock.now
            #expect(try flip(port: server.port) == true)
            #expect(clock.now - started < .seconds(2))
        }
    }

    @Test func aRestartWithTheToggleServerDownServesThePersistedState() throws {
        let toggleServer = try ToggleServer(state: Self.state(flip: false))
        let directory = try TemporaryDirectory()
        let cache = directory.file("toggles.json")
        do {
            let server = try ServerProcess(databasePath: directory.databasePath, arguments: arguments(toggleServer, cache: cache))
                #expect(eventually(within: .seconds(10)) { (try? flip(port: server.port)) == false })
            _ = server.stop()
        }
        toggleServer.stop()
        let restarted = try ServerProcess(databasePath: directory.databasePath, arguments: arguments(toggleServer, cache: cache))
        defer { _ = restarted.stop() }
        // At once: the state is loaded at startup, not waiting for a fetch that cannot succeed.
        #expect(try flip(port: restarted.port) == false)
    }

    /// With no toggle source, the built-in state: the like button from app version 1.0.0.
    @Test func theBuiltInLikeToggleFollowsTheAppVersionHeader() throws {
        let directory = try TemporaryDirectory()
        let server = try ServerProcess(databasePath: directory.databasePath)
        defer { _ = server.stop() }
        func like(_ version: String) throws -> Bool? {
            var headers = GraphQLClient.appHeaders
            headers["x-app-version"] = version
            return try toggles(port: server.port, headers: headers).first { $0["name"] as? String == "isLikeButtonForMomentEnabled" }?["enabled"] as? Bool
        }
        #expect(try like("1.0.0") == true)
        #expect(try like("0.9.9") == false)
        // The QA page's facts name the state's source, age and size.
        let facts = try #require(try BlockingRequest.send(port: server.port, "GET /internal/facts").json["toggles"] as? [String: Any])
        #expect(facts["source"] as? String == "built-in")
        #expect(facts["features"] as? Int == 1)
    }
}
