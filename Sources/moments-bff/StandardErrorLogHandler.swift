import Foundation
import Logging

/// A swift-log handler writing one line per message to standard error with a
/// UTC timestamp (`2026-11-21T13:55:01.123Z info moments-bff: message key=value`).
///
/// The message and every metadata key and value are escaped and capped here,
/// where the line is built (see `LogLine`), so no caller can forget to.
///
/// Why not swift-log's `StreamLogHandler`: it formats local time (glibc's
/// `localtime_r` re-reads `/etc/localtime` per call). One `write(2)` per line
/// keeps lines whole when several threads log at once.
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
        let bytes = Self.line(for: event, label: label, metadata: metadata)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { break }  // stderr gone: logging must never take the server down
                offset += written
            }
        }
    }

    /// The finished line for `event`, with the handler's `metadata` merged under the event's.
    static func line(for event: LogEvent, label: String, metadata: Logger.Metadata) -> [UInt8] {
        var line = LogLine(level: event.level, label: label)
        line.appendEscaped(event.message.description, limit: LogLine.maxMessageBytes)
        if !metadata.isEmpty || !(event.metadata?.isEmpty ?? true) {
            let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
            for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
                line.append(" ")
                line.appendEscaped(key, limit: LogLine.maxValueBytes)
                line.append("=")
                line.appendEscaped(value.description, limit: LogLine.maxValueBytes)
            }
        }
        if let error = event.error {
            line.append(" error=")
            line.appendEscaped(String(describing: error), limit: LogLine.maxValueBytes)
        }
        return line.finished()
    }
}
