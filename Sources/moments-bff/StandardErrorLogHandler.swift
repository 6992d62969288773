import Foundation
import Logging

/// A swift-log handler writing one line per message to standard error with a
/// UTC timestamp (`2026-11-21T13:55:01.123Z info moments-bff: ...`).
///
/// Why not swift-log's `StreamLogHandler`: it formats local time, and glibc's
/// `localtime_r` re-checks `/etc/localtime` on every call; at one access-log
/// line per request that path lookup showed up in profiles. UTC needs no
/// time-zone file, and one `write(2)` per line keeps lines whole when
/// several threads log at once.
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
        var line = Self.timestamp()
        line += " \(event.level) \(label): \(event.message)"
        let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        if !merged.isEmpty {
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) { line += " \(key)=\(value)" }
        }
        line += "\n"
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { break }  // stderr gone: logging must never take the server down
                offset += written
            }
        }
    }

    /// ISO 8601 in UTC with milliseconds, from `clock_gettime` and `gmtime_r`.
    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
            + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(now.tv_nsec / 1_000_000), 3))Z"
    }
}
