import ArgumentParser
import MomentsAPI

/// `--explorer on|off` [EXPLORER]: whether a browser's `GET /graphql` gets the explorer page.
enum ExplorerSetting: String, CaseIterable {
    case on, off

    static func resolve(_ option: String?) throws -> ExplorerSetting {
        try resolveSetting(option, "--explorer", "EXPLORER", default: .on)
    }
}

/// `--internal-page auto|on|off` [INTERNAL_PAGE]: the QA page at `/internal`.
///
/// `auto` (the default) serves it only when the server listens on loopback
/// only: the page shows the configuration and the database path and lets
/// anyone who reaches it like as any user, which is fine on a developer's
/// machine and not on an address others can reach (the container binds
/// 0.0.0.0, so it is off there). `on` serves it on any address and is the
/// only setting that also offers the reset to the demo data.
enum InternalPageSetting: String, CaseIterable {
    case auto, on, off

    static func resolve(_ option: String?) throws -> InternalPageSetting {
        try resolveSetting(option, "--internal-page", "INTERNAL_PAGE", default: .auto)
    }

    /// Whether the page is served when listening on `host`.
    func isEnabled(host: String) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .auto: Self.isLoopback(host)
        }
    }

    /// Whether `host` is reachable from this machine only (`Loopback`).
    static func isLoopback(_ host: String) -> Bool { Loopback.contains(host) }
}

/// The option, else the environment variable, else the default; an unknown
/// word is a usage error naming where it came from, as `NumericOption` does.
func resolveSetting<Setting: RawRepresentable & CaseIterable>(
    _ option: String?, _ name: String, _ variable: String, default fallback: Setting
) throws -> Setting where Setting.RawValue == String {
    let source = option != nil ? name : "\(variable) (\(name))"
    guard let text = option ?? Environment.string(variable) else { return fallback }
    guard let value = Setting(rawValue: text.lowercased()) else {
        let words = Setting.allCases.map(\.rawValue).joined(separator: ", ")
        throw ValidationError("\(source) must be one of \(words) (got \(LogLine.escaped(text, limit: 64)))")
    }
    return value
}
