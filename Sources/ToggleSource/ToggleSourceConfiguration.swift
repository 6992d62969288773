import Toggles

/// Where toggles come from and what fetching them may cost.
package struct ToggleSourceConfiguration: Sendable {
    package enum Origin: Sendable, Equatable {
        /// The built-in state only.
        case builtIn
        /// A client-API JSON file, read again when it changes.
        case file(path: String)
        /// An Unleash server: `GET {url}/api/client/features`.
        case unleash(url: String, token: String?)
    }

    package var origin: Origin
    package var appName: String
    package var instanceID: String
    /// Seconds between fetches (or file checks).
    package var refreshSeconds: Double
    /// The whole fetch, connection included.
    package var timeoutSeconds: Double
    /// Where the last good state fetched from a server is kept across restarts; nil: nowhere.
    package var cachePath: String?
    /// State size, features, segments and regex bounds; `maxStateBytes` also bounds the fetched body.
    package var limits: ToggleLimits

    package init(
        origin: Origin, appName: String = "moments", instanceID: String = "moments-bff", refreshSeconds: Double = 15,
        timeoutSeconds: Double = 5, cachePath: String? = nil, limits: ToggleLimits = ToggleLimits()
    ) {
        self.origin = origin
        self.appName = appName
        self.instanceID = instanceID
        self.refreshSeconds = refreshSeconds
        self.timeoutSeconds = timeoutSeconds
        self.cachePath = cachePath
        self.limits = limits
    }

    /// Where toggles come from as logs, errors and the QA page show it:
    /// `built-in`, `file PATH`, or `url URL` with the URL's credentials masked.
    package var redactedSource: String {
        switch origin {
        case .builtIn: "built-in"
        case .file(let path): "file \(path)"
        case .unleash: "url \(RedactedURL(featuresURL ?? ""))"
        }
    }

    /// The client-API endpoint under the server's base URL; for libcurl only
    /// (it may hold credentials), anything shown uses `redactedSource`.
    var featuresURL: String? {
        guard case .unleash(let url, _) = origin else { return nil }
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/api/client/features"
    }
}
