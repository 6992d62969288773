import HTTP1

/// What toggle evaluation reads from an HTTP request: the app's headers and
/// the client's address. Header values over 256 bytes are ignored (a version
/// or a session id is short; the cap bounds what evaluation compares).
package struct ToggleRequest: Sendable, Equatable {
    package var sessionId: String?
    package var remoteAddress: String?
    package var appVersion: String?
    package var platform: String?
    package var osVersion: String?

    static let maxHeaderBytes = 256

    package init(sessionId: String? = nil, remoteAddress: String? = nil, appVersion: String? = nil, platform: String? = nil, osVersion: String? = nil) {
        self.sessionId = sessionId
        self.remoteAddress = remoteAddress
        self.appVersion = appVersion
        self.platform = platform
        self.osVersion = osVersion
    }

    package init(_ request: HTTPRequest) {
        func header(_ name: String) -> String? {
            guard let value = request.headers[name], !value.isEmpty, value.utf8.count <= Self.maxHeaderBytes else { return nil }
            return String(value)
        }
        self.init(
            sessionId: header("x-session-id"), remoteAddress: request.remoteAddress, appVersion: header("x-app-version"),
            platform: header("x-app-platform"), osVersion: header("x-os-version"))
    }
}
