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
    @Test func aFlipShowsWithinTheConfiguredRefreshInterval() throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        let refresher = refresher(server)
        refresher.start()
        defer { refresher.stop() }
        #expect(eventually(within: .seconds(5)) { flip(refresher) == true })
        try server.setState(stateJSON(flip: false))
        let clock = ContinuousClock()
        let start = clock.now
        let bound = Duration.seconds(10)
        #expect(eventually(within: bound) { flip(refresher) == false })
        #expect(clock.now - start <= bound)
        #expect(refresher.store.snapshot.source == "url \(server.url)/api/client/features")
        // The server saw the token and the app name.
        #expect(server.requests.first?.hasSuffix("secret-token moments") == true)
    }

    @Test func notModifiedIsHandled() throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        let refresher = refresher(server)
        refresher.start()
        defer { refresher.stop() }
        // The server logs its 304 before the refresher has handled it: wait for the refresher's record.
        #expect(eventually(within: .seconds(5)) { refresher.store.snapshot.lastFetch?.outcome == "304 not modified" })
        #expect(server.requests.contains { $0.hasPrefix("304") })
        #expect(flip(refresher) == true)
    }

    @Test(arguments: [
        ("500", "HTTP 500"),
        ("hang", "no complete response within 1.0 s"),
        ("malformed", "not JSON"),
        ("oversized", "over the limit"),
    ])
    func aFailureKeepsTheLastGoodState(mode: String, reason: String) throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        let refresher = refresher(server, limits: ToggleLimits(maxStateBytes: 64 << 10))
        refresher.start()
        defer { refresher.stop() }
        #expect(eventually(within: .seconds(5)) { flip(refresher) == true })
        try server.setMode(mode)
        #expect(eventually(within: .seconds(8)) { refresher.store.snapshot.lastFetch?.outcome.contains(reason) == true })
        #expect(refresher.store.snapshot.lastFetch?.succeeded == false)
        #expect(flip(refresher) == true)
    }

    @Test func aRestartWithTheServerDownServesThePersistedState() throws {
        let server = try ToggleServer(state: stateJSON(flip: false))
        let cache = server.directory.file("cache.json")
        do {
            let first = refresher(server, cache: cache)
            first.start()
            #expect(eventually(within: .seconds(5)) { flip(first) == false })
            first.stop()
        }
        server.stop()
        let second = refresher(server, cache: cache)
        #expect(flip(second) == false)
        #expect(second.store.snapshot.source == "cache \(cache)")
        second.start()
        defer { second.stop() }
        #expect(eventually(within: .seconds(5)) { second.store.snapshot.lastFetch?.succeeded == false })
        #expect(flip(second) == false)
    }

    @Test func aFileSourceIsReadAgainWhenItChanges() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("toggles.json")
        try stateJSON(flip: true).write(toFile: path, atomically: true, encoding: .utf8)
        let refresher = ToggleRefresher(configuration: ToggleSourceConfiguration(origin: .file(path: path), refreshSeconds: Self.refresh))
        #expect(flip(refresher) == true)  // read at startup
        refresher.start()
        defer { refresher.stop() }
        try stateJSON(flip: false).write(toFile: path, atomically: true, encoding: .utf8)
        #expect(eventually(within: .seconds(Self.refresh + 1)) { flip(refresher) == false })
        try "{broken".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(eventually(within: .seconds(5)) { refresher.store.snapshot.lastFetch?.succeeded == false })
        #expect(flip(refresher) == false)
    }

    /// A tag that is not an RFC 9110 entity-tag is neither kept nor sent
    /// back, and fetching goes on: once stored, a CR made every later request
    /// fail before it went out, so the toggles stayed stale.
    @Test(arguments: [
        Array("\"a\rb\"".utf8),
        Array("\"abc\u{01}\"".utf8),
        Array("W/\"x\u{7F}\"".utf8),
        Array("\"a b\"".utf8),
        Array("unquoted".utf8),
        Array(("\"" + String(repeating: "e", count: 300) + "\"").utf8),
    ])
    func anInvalidETagIsDroppedAndFetchingGoesOn(etag: [UInt8]) throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        try server.setETag(etag)
        let refresher = refresher(server)
        refresher.start()
        defer { refresher.stop() }
        #expect(eventually(within: .seconds(5)) { server.requests.count >= 3 })
        #expect(flip(refresher) == true)
        #expect(server.conditions.allSatisfy { $0 == "'-'" }, "\(server.conditions)")
        #expect(server.requests.allSatisfy { $0.hasPrefix("200 ") })
        try server.setState(stateJSON(flip: false))
        #expect(eventually(within: .seconds(5)) { flip(refresher) == false })
        #expect(refresher.store.snapshot.lastFetch?.succeeded == true)
    }

    @Test func aValidWeakETagIsSentBack() throws {
        let server = try ToggleServer(state: stateJSON(flip: true))
        try server.setETag(Array(#"W/"v1""#.utf8))
        let refresher = refresher(server)
        refresher.start()
        defer { refresher.stop() }
        #expect(eventually(within: .seconds(5)) { server.requests.contains { $0.hasPrefix("304") } })
        #expect(server.conditions.contains(#"'W/"v1"'"#))
    }

    /// The URL's userinfo reaches libcurl (the server sees the Basic
    /// credentials) but not the source the QA page shows, nor a log line.
    @Test func credentialsInTheURLAreMaskedWhereverItIsShown() throws {
        let server = try ToggleServer(state: Self.stateWithRefusedPatterns(count: 1))
        let log = Recorder()
        let url = "http://qa:hunter2@127.0.0.1:\(server.port)"
        let refresher = ToggleRefresher(
            configuration: ToggleSourceConfiguration(
                origin: .unleash(url: url, token: nil), refreshSeconds: Self.refresh, timeoutSeconds: Self.timeout,
                cachePath: server.directory.file("cache.json")),
            log: log.append)
        refresher.start()
        defer { refresher.stop() }
        #expect(eventually(within: .seconds(5)) { refresher.store.snapshot.lastFetch?.succeeded == true })
        #expect(server.requests.first?.contains("Basic cWE6aHVudGVyMg==") == true)
        let shown = "url http://***@127.0.0.1:\(server.port)/api/client/features"
        #expect(refresher.store.snapshot.source == shown)
        try server.setMode("500")
        #expect(eventually(within: .seconds(8)) { refresher.store.snapshot.lastFetch?.succeeded == false })
        #expect(log.values.contains { $0.hasPrefix("toggle state from \(shown): REGEX pattern") })
        #expect(log.values.contains { $0.hasPrefix("toggle fetch failed") })
        #expect(!log.values.contains { $0.contains("hunter2") }, "\(log.values)")
        #expect(refresher.store.snapshot.lastFetch?.outcome.contains("hunter2") == false)
    }

    /// `count` features, each with its own pattern nested past the work
    /// limit, twice over (the second copy must not be logged again).
    static func stateWithRefusedPatterns(count: Int, extra: String = "") -> String {
        let features = (0..<count).flatMap { index in
            let constraint = #"{"contextName": "userId", "operator": "REGEX", "value": "((((\#(index){0}){1000}){1000}){1000}){1000}"}"#
            return ["f\(index)", "g\(index)"].map { name in
                #"{"name": "\#(name)", "enabled": true, "strategies": [{"name": "default", "constraints": [\#(constraint)]}]}"#
            }
        }
        return #"{"version": 1, "features": [\#(features.joined(separator: ","))]\#(extra)}"#
    }

    /// One warning per distinct refused pattern each time a state is loaded,
    /// never per evaluation, and the toggle is off.
    @Test func aRefusedPatternIsLoggedOncePerLoad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("toggles.json")
        try Self.stateWithRefusedPatterns(count: 2).write(toFile: path, atomically: true, encoding: .utf8)
        let log = Recorder()
        let refresher = ToggleRefresher(configuration: ToggleSourceConfiguration(origin: .file(path: path)), log: log.append)
        #expect(
            log.values == [
                #"toggle state from file \#(path): REGEX pattern "((((0{0}){1000}){1000}){1000}){1000}" refused, pattern takes more than 32768 units of work to compile (nested repetition); its constraints match nothing"#,
                #"toggle state from file \#(path): REGEX pattern "((((1{0}){1000}){1000}){1000}){1000}" refused, pattern takes more than 32768 units of work to compile (nested repetition); its constraints match nothing"#,
            ])
        let evaluator = ToggleEvaluator(state: refresher.store.snapshot.state, environment: EvaluationEnvironment(now: 0))
        for _ in 0..<3 { #expect(!evaluator.isEnabled("f0", context: ToggleContext(userId: "0"))) }
        refresher.refreshOnce()  // the file is unchanged: not loaded, not logged again
        #expect(log.values.count == 2)
        try Self.stateWithRefusedPatterns(count: 2, extra: #", "segments": []"#).write(toFile: path, atomically: true, encoding: .utf8)
        refresher.refreshOnce()
        #expect(log.values.count == 4)
    }

    /// A state full of refused patterns costs a bounded number of log lines per load.
    @Test func aFloodOfRefusedPatternsIsCappedPerLoad() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("toggles.json")
        try Self.stateWithRefusedPatterns(count: 25).write(toFile: path, atomically: true, encoding: .utf8)
        let log = Recorder()
        _ = ToggleRefresher(configuration: ToggleSourceConfiguration(origin: .file(path: path)), log: log.append)
        #expect(log.values.count == ToggleRefresher.maxRefusalLines + 1)
        #expect(log.values.last == "toggle state from file \(path): 5 more refused REGEX patterns")
    }

    @Test func withNoSourceTheBuiltInStateGatesTheLikeButton() {
        let refresher = ToggleRefresher(configuration: ToggleSourceConfiguration(origin: .builtIn))
        let evaluator = ToggleEvaluator(state: refresher.store.snapshot.state, environment: EvaluationEnvironment(now: 0))
        #expect(evaluator.isEnabled("isLikeButtonForMomentEnabled", context: ToggleContext(properties: ["appVersion": "1.0.0"])))
        #expect(!evaluator.isEnabled("isLikeButtonForMomentEnabled", context: ToggleContext(properties: ["appVersion": "0.9.0"])))
    }
}

/// One toggle, `flip`, on or off for everyone.
private func stateJSON(flip enabled: Bool) -> String {
    #"{"version": 1, "features": [{"name": "flip", "enabled": \#(enabled), "strategies": [{"name": "default"}]}]}"#
}
