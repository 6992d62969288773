import ArgumentParser
import Foundation

/// Option values that fall back to an environment variable, then a default.
enum Environment {
    static func string(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }

    static func resolve<T: LosslessStringConvertible>(_ option: T?, _ name: String, default fallback: T) throws -> T {
        if let option { return option }
        guard let text = string(name) else { return fallback }
        guard let value = T(text) else {
            throw ValidationError("environment variable \(name)=\(text) is not a valid value")
        }
        return value
    }
}
