import Atomics
import CoreMetrics
import Locking
import Synchronization

/// The backend of swift-metrics' `Timer`: duration histograms updated
/// without a lock, exported in the text format beside swift-prometheus's
/// registry.
///
/// Why not swift-prometheus's `DurationHistogram`: its `record` takes a lock
/// and walks every bucket, adding to each one the value falls under
/// (cumulative counts kept live), comparing `Duration`s, which costs tens of
/// times a counter's add, and every request records one duration. This one finds the value's bucket (integer nanosecond bounds,
/// 1 to 15 comparisons) and makes two relaxed atomic adds (the bucket, the
/// sum); cumulative counts, `_count` and `+Inf` are computed when scraped,
/// all from one read of the buckets, so `+Inf` always equals `_count`.
final class DurationHistograms: Sendable {
    private struct Family {
        var help: String
        var buckets: [Duration]
        var series: [AtomicDurationHistogram] = []
    }

    private let families = Locked<[String: Family]>([:])

    /// The histogram `name` with `labels`: the existing one when the labels
    /// match, else a new one with `buckets` (a family keeps its first buckets).
    func histogram(name: String, labels: [(String, String)], help: String, buckets: [Duration]) -> AtomicDurationHistogram {
        families.withLock { families in
            var family = families[name] ?? Family(help: help, buckets: buckets)
            if let existing = family.series.first(where: { $0.hasLabels(labels) }) { return existing }
            let histogram = AtomicDurationHistogram(name: name, labels: labels, buckets: family.buckets)
            family.series.append(histogram)
            families[name] = family
            return histogram
        }
    }

    func remove(_ histogram: AtomicDurationHistogram) {
        families.withLock { families in
            families[histogram.name]?.series.removeAll { $0 === histogram }
            if families[histogram.name]?.series.isEmpty == true { families[histogram.name] = nil }
        }
    }

    /// Every family in the text format 0.0.4 (also valid OpenMetrics), sorted by name.
    func emit(into buffer: inout [UInt8]) {
        let snapshot = families.withLock { $0 }
        for (name, family) in snapshot.sorted(by: { $0.key < $1.key }) {
            if !family.help.isEmpty { buffer.append(contentsOf: "# HELP \(name) \(family.help)\n".utf8) }
            buffer.append(contentsOf: "# TYPE \(name) histogram\n".utf8)
            for histogram in family.series { histogram.emit(into: &buffer) }
        }
    }
}

/// One series of a duration histogram (see `DurationHistograms`).
final class AtomicDurationHistogram: TimerHandler, Sendable {
    let name: String
    private let labels: [(String, String)]
    /// Upper bounds in nanoseconds, ascending; a value is in the first bucket whose bound it does not exceed.
    private let bounds: [Int64]
    private let upperBounds: [String]
    /// One per bound, then one for values above them all (`+Inf`).
    private let counts: [ManagedAtomic<Int>]
    private let sumNanoseconds = ManagedAtomic<Int>(0)
    /// `labels` rendered once: `route="/graphql",operation="q"`.
    private let renderedLabels: String

    init(name: String, labels: [(String, String)], buckets: [Duration]) {
        self.name = name
        self.labels = labels
        let sorted = buckets.sorted()
        bounds = sorted.map { Self.nanoseconds($0) }
        upperBounds = bounds.map { Self.seconds($0) }
        counts = (0...sorted.count).map { _ in ManagedAtomic(0) }
        renderedLabels = labels.map { "\($0.0)=\"\(Self.escaped($0.1))\"" }.joined(separator: ",")
    }

    func recordNanoseconds(_ duration: Int64) {
        let value = max(0, duration)
        var index = 0
        while index < bounds.count, value > bounds[index] { index += 1 }
        counts[index].wrappingIncrement(ordering: .relaxed)
        sumNanoseconds.wrappingIncrement(by: Int(truncatingIfNeeded: value), ordering: .relaxed)
    }

    func hasLabels(_ other: [(String, String)]) -> Bool {
        labels.count == other.count && zip(labels, other).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    func emit(into buffer: inout [UInt8]) {
        // One read of every bucket: the cumulative counts, `+Inf` and `_count` agree.
        let values = counts.map { $0.load(ordering: .relaxed) }
        let sum = sumNanoseconds.load(ordering: .relaxed)
        let separator = renderedLabels.isEmpty ? "" : ","
        var cumulative = 0
        for (index, bound) in upperBounds.enumerated() {
            cumulative += values[index]
            buffer.append(contentsOf: "\(name)_bucket{\(renderedLabels)\(separator)le=\"\(bound)\"} \(cumulative)\n".utf8)
        }
        cumulative += values[upperBounds.count]
        buffer.append(contentsOf: "\(name)_bucket{\(renderedLabels)\(separator)le=\"+Inf\"} \(cumulative)\n".utf8)
        let braces = renderedLabels.isEmpty ? "" : "{\(renderedLabels)}"
        buffer.append(contentsOf: "\(name)_sum\(braces) \(Self.seconds(Int64(sum)))\n".utf8)
        buffer.append(contentsOf: "\(name)_count\(braces) \(cumulative)\n".utf8)
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }

    /// Seconds as the text format writes floats (`0.00025`, `1.0`, `2.5e-05`).
    private static func seconds(_ nanoseconds: Int64) -> String {
        String(Double(nanoseconds) / 1e9)
    }

    /// A label value escaped as the text format requires: `\\`, `\"`, `\n`.
    private static func escaped(_ value: String) -> String {
        var result = ""
        for character in value.unicodeScalars {
            switch character {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
