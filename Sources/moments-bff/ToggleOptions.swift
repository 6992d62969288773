import ArgumentParser
import FoundationEssentials
import ToggleSource
import Toggles

/// Where remote toggles come from and how they are fetched (docs/configuration.md,
/// "Remote toggles"). Each option falls back to the environment variable named in its help.
struct ToggleOptions: ParsableArguments {
    @Option(help: "A toggle state file (Unleash client-API JSON), read again when it changes. [TOGGLES_FILE] (default: none)")
    var togglesFile: String?

    @Option(help: "An Unleash server's base URL; toggles come from GET URL/api/client/features. [TOGGLES_URL] (default: none)")
    var togglesURL: String?

    @Option(help: "The Unleash client API token, sent as Authorization. [TOGGLES_TOKEN]")
    var togglesToken: String?

    @Option(help: "Seconds between fetches or file checks, 0.1-3600. [TOGGLES_REFRESH] (default: 15)")
    var togglesRefresh: String?

    @Option(help: "Seconds a fetch may take in all, 0.1-60. [TOGGLES_TIMEOUT] (default: 5)")
    var togglesTimeout: String?

    @Option(help: "Largest toggle state accepted (fetched body or file), in bytes, 1024-67108864. [TOGGLES_MAX_BYTES] (default: 4194304)")
    var togglesMaxBytes: String?

    @Option(help: "Where the last good fetched state is kept for restarts. [TOGGLES_CACHE] (default: DATABASE-toggles.json)")
    var togglesCache: String?

    @Option(help: "The Unleash context's appName, also sent as UNLEASH-APPNAME. [TOGGLES_APP_NAME] (default: moments)")
    var togglesAppName: String?

    @Option(help: "The Unleash context's environment. [TOGGLES_ENVIRONMENT] (default: production)")
    var togglesEnvironment: String?

    struct Resolved {
        var source: ToggleSourceConfiguration
        var environment: String
    }

    func resolve(databasePath: String) throws -> Resolved {
        let file = togglesFile ?? Environment.string("TOGGLES_FILE")
        let url = togglesURL ?? Environment.string("TOGGLES_URL")
        let origin: ToggleSourceConfiguration.Origin
        switch (file, url) {
        case (nil, nil): origin = .builtIn
        case (let path?, nil): origin = .file(path: path)
        case (nil, let url?):
            guard url.hasPrefix("http://") || url.hasPrefix("https://"), url.count <= 2048 else {
                throw ValidationError("--toggles-url must be an http:// or https:// URL")
            }
            origin = .unleash(url: url, token: togglesToken ?? Environment.string("TOGGLES_TOKEN"))
        case (_?, _?):
            throw ValidationError("--toggles-file and --toggles-url are exclusive: toggles come from one source")
        }
        var limits = ToggleLimits()
        limits.maxStateBytes = Int(try Self.number(togglesMaxBytes, "TOGGLES_MAX_BYTES", "--toggles-max-bytes", default: 4_194_304, 1024...67_108_864))
        let appName = togglesAppName ?? Environment.string("TOGGLES_APP_NAME") ?? "moments"
        return Resolved(
            source: ToggleSourceConfiguration(
                origin: origin,
                appName: appName,
                instanceID: "moments-bff-\(ProcessInfo.processInfo.processIdentifier)",
                refreshSeconds: try Self.number(togglesRefresh, "TOGGLES_REFRESH", "--toggles-refresh", default: 15, 0.1...3600),
                timeoutSeconds: try Self.number(togglesTimeout, "TOGGLES_TIMEOUT", "--toggles-timeout", default: 5, 0.1...60),
                cachePath: togglesCache ?? Environment.string("TOGGLES_CACHE") ?? databasePath + "-toggles.json",
                limits: limits),
            environment: togglesEnvironment ?? Environment.string("TOGGLES_ENVIRONMENT") ?? "production")
    }

    private static func number(_ option: String?, _ variable: String, _ flag: String, default fallback: Double, _ range: ClosedRange<Double>) throws -> Double {
        guard let text = option ?? Environment.string(variable) else { return fallback }
        guard let value = Double(text), range.contains(value) else {
            throw ValidationError("\(flag) must be a number in \(range.lowerBound)-\(range.upperBound) (got \(LogLine.escaped(text, limit: 64)))")
        }
        return value
    }
}
