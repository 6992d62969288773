import Dispatch
import Curl
import FoundationEssentials
import Synchronization
import Toggles

/// Keeps a `ToggleStore` up to date from its source on a serial queue of its own,
/// never on a request's path: every `refreshSeconds` it fetches (or checks the
/// file); any failure (transport, timeout, status, oversized or malformed body)
/// keeps the last good state and backs off, doubling the wait up to 8 intervals.
package final class ToggleRefresher: @unchecked Sendable {
    // @unchecked: `etag`, `fileStamp` and `failures` belong to the refresh thread
    // alone; `wake` and `stopped` are the only state shared with `stop()`.
    package let store: ToggleStore
    private let configuration: ToggleSourceConfiguration
    private let log: @Sendable (String) -> Void
    private let wake = DispatchSemaphore(value: 0)
    private let stopped = Atomic<Bool>(false)
    /// Its own serial queue: a fetch blocks it for at most the timeout, and nothing else runs there.
    private let queue = DispatchQueue(label: "toggle-refresh")
    private let finished = DispatchSemaphore(value: 0)
    private var etag: String?
    private var fileStamp: FileStamp?
    private var failures = 0

    /// Loads the startup state synchronously: the file of a file source, else
    /// the persisted last good state of a server source, else the built-in one.
    package init(configuration: ToggleSourceConfiguration, log: @escaping @Sendable (String) -> Void = { _ in }) {
        self.configuration = configuration
        self.log = log
        let now = Date().timeIntervalSince1970
        store = ToggleStore(ToggleSnapshot(state: .builtIn, source: "built-in", loadedAt: now))
        switch configuration.origin {
        case .builtIn:
            break
        case .file:
            checkFile()
        case .unleash:
            if let path = configuration.cachePath, FileManager.default.fileExists(atPath: path) {
                do {
                    let state = try ToggleState.parse(try BoundedFile.read(path, limit: configuration.limits.maxStateBytes), limits: configuration.limits)
                    store.replace(state: state, source: "cache \(path)", at: now)
                    reportRefusedPatterns(in: state, from: "cache \(path)")
                } catch {
                    log("toggle cache \(path) unusable, serving the built-in toggles: \(error)")
                }
            }
        }
    }

    package func start() {
        guard configuration.origin != .builtIn else { return }
        queue.async { [self] in
            while !stopped.load(ordering: .acquiring) {
                refreshOnce()
                let factor = failures == 0 ? 1.0 : Double(min(1 << min(failures, 3), 8))
                let wait = min(configuration.refreshSeconds * factor, 3_600)
                _ = wake.wait(timeout: .now() + .milliseconds(Int(wait * 1000)))
            }
            finished.signal()
        }
    }

    /// Stops the thread; waits at most one fetch timeout plus a second for it.
    package func stop() {
        guard configuration.origin != .builtIn, !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        _ = finished.wait(timeout: .now() + .milliseconds(Int((configuration.timeoutSeconds + 1) * 1000)))
    }

    func refreshOnce() {
        switch configuration.origin {
        case .builtIn: break
        case .file: checkFile()
        case .unleash(_, let token): fetch(token: token)
        }
    }

    private func fetch(token: String?) {
        guard let url = configuration.featuresURL else { return }
        var headers: [(name: String, value: String)] = [
            ("Accept", "application/json"),
            ("UNLEASH-APPNAME", configuration.appName),
            ("UNLEASH-INSTANCEID", configuration.instanceID),
            ("Unleash-Client-Spec", "5.2.0"),
        ]
        if let token { headers.append(("Authorization", token)) }
        if let etag { headers.append(("If-None-Match", etag)) }
        let request = CurlRequest(
            url: url, headers: headers, timeoutSeconds: configuration.timeoutSeconds,
            maxBodyBytes: configuration.limits.maxStateBytes)
        let now = Date().timeIntervalSince1970
        let response: CurlResponse
        do {
            response = try CurlClient.perform(request)
        } catch {
            return fail("\(error)", at: now)
        }
        switch response.status {
        case 304:
            failures = 0
            store.record(FetchReport(at: now, succeeded: true, outcome: "304 not modified"))
        case 200:
            let state: ToggleState
            do {
                state = try ToggleState.parse(response.body, limits: configuration.limits)
            } catch {
                return fail("\(error)", at: now)
            }
            failures = 0
            // CurlClient keeps only a valid entity-tag, so a malformed one is dropped here, not sent back.
            etag = response.etag
            let report = FetchReport(at: now, succeeded: true, outcome: "200, \(state.features.count) features")
            store.replace(state: state, source: configuration.redactedSource, at: now, report: report)
            reportRefusedPatterns(in: state, from: configuration.redactedSource)
            persist(response.body)
        default:
            fail("HTTP \(response.status)", at: now)
        }
    }

    /// Each distinct REGEX pattern a newly loaded state refused, logged once
    /// per load (an evaluation can only answer false), at most
    /// `maxRefusalLines` of them so a hostile state cannot flood the log.
    private func reportRefusedPatterns(in state: ToggleState, from source: String) {
        let refused = state.refusedPatterns
        for item in refused.prefix(Self.maxRefusalLines) {
            log("toggle state from \(source): REGEX pattern \(Self.quoted(item.pattern)) refused, \(item.error); its constraints match nothing")
        }
        if refused.count > Self.maxRefusalLines {
            log("toggle state from \(source): \(refused.count - Self.maxRefusalLines) more refused REGEX patterns")
        }
    }

    static let maxRefusalLines = 20

    /// A pattern for a log line: its first 64 scalars, quoted and escaped.
    static func quoted(_ pattern: String) -> String {
        let scalars = pattern.unicodeScalars
        let shown = String(String.UnicodeScalarView(scalars.prefix(64)))
        return String(reflecting: shown) + (scalars.count > 64 ? "…" : "")
    }

    private func fail(_ reason: String, at time: Double) {
        failures += 1
        let outcome = "\(reason); kept the last good state"
        store.record(FetchReport(at: time, succeeded: false, outcome: outcome))
        log("toggle fetch failed: \(outcome)")
    }

    /// Writes the body as received (already parsed, so valid) to a temporary
    /// file renamed over the cache: a crash leaves the old cache or the new one.
    private func persist(_ body: [UInt8]) {
        guard let path = configuration.cachePath else { return }
        do {
            try Data(body).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            log("cannot write the toggle cache \(path): \(error)")
        }
    }

    /// A file source is read again only when its size, modification time or inode changed.
    private func checkFile() {
        guard case .file(let path) = configuration.origin else { return }
        let now = Date().timeIntervalSince1970
        let stamp: FileStamp
        do {
            stamp = try FileStamp(path: path)
        } catch {
            return fail("cannot read \(path): \(error)", at: now)
        }
        guard stamp != fileStamp else { return }
        do {
            let state = try ToggleState.parse(try BoundedFile.read(path, limit: configuration.limits.maxStateBytes), limits: configuration.limits)
            fileStamp = stamp
            failures = 0
            store.replace(
                state: state, source: configuration.redactedSource, at: now,
                report: FetchReport(at: now, succeeded: true, outcome: "read \(state.features.count) features"))
            reportRefusedPatterns(in: state, from: configuration.redactedSource)
        } catch {
            fileStamp = stamp  // not again until it changes
            fail("\(path): \(error)", at: now)
        }
    }
}
