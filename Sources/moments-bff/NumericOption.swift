import ArgumentParser

/// A number an option accepts: parsed from text, compared, and shown in messages.
protocol OptionNumber: Comparable, Sendable {
    init?(optionText: String)
    var optionText: String { get }
}

extension Int: OptionNumber {
    /// Decimal digits with an optional sign; nil when out of `Int`'s range.
    init?(optionText: String) { self.init(optionText, radix: 10) }
    var optionText: String { String(self) }
}

extension Double: OptionNumber {
    /// Anything `Double` reads, including `nan` and `inf`, which no range contains.
    init?(optionText: String) { self.init(optionText) }
    /// `86400` rather than `86400.0`.
    var optionText: String {
        if isFinite, self == rounded(), abs(self) < 1e15 { return String(Int(self)) }
        return String(self)
    }
}

/// One numeric option of the command line, with its environment variable,
/// the values it accepts, and its default: the single place both sources
/// are checked, so a value out of range is refused at start-up with a message
/// naming the option and the range, instead of trapping later (a huge
/// `Double` turned into a `Duration`, a negative count, an `Int` overflow).
///
/// The options themselves are declared as `String?` and parsed here, so the
/// command line and the environment give the same message for the same
/// mistake (ArgumentParser's own message for a non-numeric value names no range).
struct NumericOption<Value: OptionNumber>: Sendable {
    /// `--header-timeout`
    var flag: String
    /// `HEADER_TIMEOUT`, or nil when the option has none.
    var environment: String?
    var range: ClosedRange<Value>
    var defaultValue: Value
    /// `bytes`, `seconds`, ...; empty for plain counts.
    var unit: String = ""

    /// `abstract`, then the environment variable, the range and the default, for `--help`.
    func help(_ abstract: String) -> ArgumentHelp {
        let environmentNote = environment.map { " [\($0)]" } ?? ""
        return ArgumentHelp("\(abstract)\(environmentNote) (\(rangeText); default: \(defaultValue.optionText))")
    }

    /// `0.001 to 86400 seconds`
    var rangeText: String {
        "\(range.lowerBound.optionText) to \(range.upperBound.optionText)" + (unit.isEmpty ? "" : " \(unit)")
    }

    /// The option's value if given, else its environment variable's if set; nil
    /// when neither is (for an option whose absence means something: `--metrics-port`).
    func resolveIfGiven(_ given: String?) throws(ValidationError) -> Value? {
        guard given != nil || environment.flatMap(Environment.string) != nil else { return nil }
        return try resolve(given)
    }

    /// The option's value if given, else its environment variable's if set, else the default.
    func resolve(_ given: String?) throws(ValidationError) -> Value {
        let text: String
        let source: String
        if let given {
            (text, source) = (given, flag)
        } else if let environment, let value = Environment.string(environment) {
            (text, source) = (value, "\(environment) (\(flag))")
        } else {
            return defaultValue
        }
        guard let value = Value(optionText: text), range.contains(value) else {
            let range = "between \(self.range.lowerBound.optionText) and \(self.range.upperBound.optionText)"
            let unit = unit.isEmpty ? "" : " \(unit)"
            throw ValidationError("\(source) must be \(range)\(unit) (got \(LogLine.escaped(text, limit: 64)))")
        }
        return value
    }
}

extension NumericOption where Value == Double {
    /// A seconds option as a `Duration` (whole nanoseconds).
    func resolveDuration(_ given: String?) throws(ValidationError) -> Duration {
        let seconds = try resolve(given)
        return .nanoseconds(Int64(exactly: (seconds * 1e9).rounded()) ?? .max)
    }
}
