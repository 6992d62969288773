import ArgumentParser
import FoundationEssentials

/// Option values that fall back to an environment variable, then a default.
/// Numbers go through `NumericOption`, which also checks their range.
enum Environment {
    /// The variable's value; nil when unset or empty.
    static func string(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func resolve(_ option: String?, _ name: String, default fallback: String) -> String {
        option ?? string(name) ?? fallback
    }
}
