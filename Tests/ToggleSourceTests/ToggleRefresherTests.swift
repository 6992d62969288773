import Foundation
import Testing
import TestSupport
import Toggles

@testable import ToggleSource

/// The refresher against a toggle server of our own: flips, 304s, and every
/// kind of failure keeping the last good state.
@Suite(.serialized) struct ToggleRefresherTests {
    static let refresh = 0.3
    static let timeout = 1.0

    func refresher(_ server: ToggleServer, cache: String? = nil, limits: ToggleLimits = ToggleLimits()) -> ToggleRefresher {
        ToggleRefresher(
            configuration: ToggleSourceConfiguration(
                origin: .unleash(url: server.url, token: "secret-token"), refreshSeconds: Self.refresh,
                timeoutSeconds: Self.timeout, cachePath: cache ?? server.directory.file("cache.json"), limits: limits))
    }

    func flip(_ refresher: ToggleRefresher) -> Bool? {
        refresher.store.snapshot.state.feature(named: "flip")?.enabled
    }

    /// Within one interval plus two fetch timeouts on a quiet machine (a fetch
    /// in flight at the flip, the interval, the fetch that brings it); the
    /// test allows 10 s for sanitizer runs on loaded cores, still under the
    /// default 15 s interval.
    @Test func aFlipShowsWithinTheConfiguredRefreshInterval() async throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        let refresher = refresher(server)
        refresher.start()
        defer { refresher.stop() }
        #expect(await eventually(within: .seconds(5)) { flip(refresher) == true })
        try server.setState(stateJSON(flip: false))
        let clock = ContinuousClock()
        let start = clock.now
        let bound = Duration.seconds(10)
        #expect(await eventually(within: bound) { flip(refresher) == false })
        #expect(clock.now - start <= bound)
        #expect(refresher.store.snapshot.source == "url \(server.url)/api/client/features")
        // The server saw the token and the app name.
        #expect(server.requests.first?.hasSuffix("secret-token moments") == true)
    }

    @Test func notModifiedIsHandled() async throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        let refresher = refresher(server)
        refresher.start()
        defer { refresher.stop() }
        #expect(await eventually(within: .seconds(5)) { server.requests.contains { $0.hasPrefix("304") } })
        #expect(flip(refresher) == true)
        #expect(refresher.store.snapshot.lastFetch?.outcome == "304 not modified")
    }

    @Test(arguments: [
        ("500", "HTTP 500"),
        ("hang", "no complete response within 1.0 s"),
        ("malformed", "not JSON"),
        ("oversized", "over the limit"),
    ])
    func aFailureKeepsTheLastGoodState(mode: String, reason: String) async throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        let refresher = refresher(server, limits: ToggleLimits(maxStateBytes: 64 << 10))
        refresher.start()
        defer { refresher.stop() }
        #expect(await eventually(within: .seconds(5)) { flip(refresher) == true })
        try server.setMode(mode)
        #expect(await eventually(within: .seconds(8)) { refresher.store.snapshot.lastFetch?.outcome.contains(reason) == true })
        #expect(refresher.store.snapshot.lastFetch?.succeeded == false)
        #expect(flip(refresher) == true)
    }

    @Test func aRestartWithTheServerDownServesThePersistedState() async throws {
        let server = try ToggleServer(state: stateJSON(flip: false))
        let cache = server.directory.file("cache.json")
        do {
            let first = refresher(server, cache: cache)
            first.start()
            #expect(await eventually(within: .seconds(5)) { flip(first) == false })
            first.stop()
        }
        server.stop()
        let second = refresher(server, cache: cache)
        #expect(flip(second) == false)
        #expect(second.store.snapshot.source == "cache \(cache)")
        second.start()
        defer { second.stop() }
        #expect(await eventually(within: .seconds(5)) { second.store.snapshot.lastFetch?.succeeded == false })
        #expect(flip(second) == false)
    }

    @Test func aFileSourceIsReadAgainWhenItChanges() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("toggles.json")
        try stateJSON(flip: true).write(toFile: path, atomically: true, encoding: .utf8)
        let refresher = ToggleRefresher(configuration: ToggleSourceConfiguration(origin: .file(path: path), refreshSeconds: Self.refresh))
        #expect(flip(refresher) == true)  // read at startup
        refresher.start()
        defer { refresher.stop() }
        try stateJSON(flip: false).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await eventually(within: .seconds(Self.refresh + 1)) { flip(refresher) == false })
        try "{broken".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(await eventually(within: .seconds(5)) { refresher.store.snapshot.lastFetch?.succeeded == false })
        #expect(flip(refresher) == false)
    }

    @Test func withNoSourceTheBuiltInStateGatesTheLikeButton() {
        let refresher = ToggleRefresher(configuration: ToggleSourceConfiguration(origin: .builtIn))
        let evaluator = ToggleEvaluator(state: refresher.store.snapshot.state, environment: EvaluationEnvironment(now: 0))
        #expect(evaluator.isEnabled("isLikeButtonForMomentEnabled", context: ToggleContext(properties: ["appVersion": "1.0.0"])))
        #expect(!evaluator.isEnabled("isLikeButtonForMomentEnabled", context: ToggleContext(properties: ["appVersion": "0.9.0"])))
    }
}
