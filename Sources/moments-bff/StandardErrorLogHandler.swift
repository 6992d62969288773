import Foundation
import Logging

/// A swift-log handler writing one line per message to standard error with a
/// UTC timestamp (`2026-11-21T13:55:01.123Z info moments-bff: ...`).
///
/// Why not swift-log's `StreamLogHandler`: it formats local time, and glibc's
/// `localtime_r` re-checks `/etc/localtime` on every call; at one access-log
/// line per request that path lookup showed up in profiles. UTC needs no
/// time-zone file, and one `write(2)` per line keeps lines whole when
/// several threads log at once. (Handing lines to a writer queue was measured
/// slower: a thread wake-up per line costs more than the write.)
struct StandardErrorLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    init(label: String, level: Logger.Level) {
        self.label = label
        self.logLevel = level
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        // Built as bytes in one buffer: at one access-log line per request,
        // string interpolation and padding helpers showed in profiles.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192)
        Self.appendTimestamp(to: &bytes)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: event.level.rawValue.utf8)
        bytes.append(UInt8(ascii: " "))
        bytes.append(contentsOf: label.utf8)
        bytes.append(contentsOf: ": ".utf8)
        bytes.append(contentsOf: event.message.description.utf8)
        if !metadata.isEmpty || !(event.metadata?.isEmpty ?? true) {
            let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                bytes.append(UInt8(ascii: " "))
                bytes.append(contentsOf: key.utf8)
                bytes.append(UInt8(ascii: "="))
                bytes.append(contentsOf: value.description.utf8)
            }
        }
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { break }  // stderr gone: logging must never take the server down
                offset += written
            }
        }
    }

    /// ISO 8601 in UTC with milliseconds, from `clock_gettime` and `gmtime_r`.
    private static func appendTimestamp(to bytes: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDigits(Int(parts.tm_year) + 1900, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mon) + 1, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mday), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(Int(parts.tm_hour), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_min), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_sec), width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(Int(now.tv_nsec / 1_000_000), width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    /// `value` (0 ..< 10^width) in decimal, zero-padded to `width` digits.
    private static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = max(0, value)
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }
}
