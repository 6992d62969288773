import Logging

/// A swift-log handler: one line per message with a UTC timestamp
/// (`2026-11-21T13:55:01.123Z info moments-bff: message key=value`), handed
/// to `LogWriter`, which writes it to standard error off the calling thread.
///
/// The message and every metadata key and value are escaped and capped here,
/// where the line is built (see `LogLine`), so no caller can forget to.
///
/// Why not swift-log's `StreamLogHandler`: it formats local time (glibc's
/// `localtime_r` re-reads `/etc/localtime` per call) and writes in the
/// calling thread.
struct StandardErrorLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]
    /// Metadata of the moment (the current span's ids, when traces are on), under the handler's and the event's.
    var metadataProvider: Logger.MetadataProvider?
    private let writer: LogWriter
    private let format: LogFormat

    init(
        label: String, level: Logger.Level, writer: LogWriter, format: LogFormat = .text, metadataProvider: Logger.MetadataProvider? = nil
    ) {
        self.metadataProvider = metadataProvider
        self.label = label
        self.logLevel = level
        self.writer = writer
        self.format = format
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var metadata = metadata
        if let provided = metadataProvider?.get(), !provided.isEmpty { metadata = provided.merging(metadata) { $1 } }
        writer.append(Self.line(for: event, label: label, metadata: metadata, format: format))
    }

    /// The finished line for `event`, with the handler's `metadata` merged under the event's.
    static func line(for event: LogEvent, label: String, metadata: Logger.Metadata, format: LogFormat = .text) -> [UInt8] {
        guard format == .text else { return json(for: event, label: label, metadata: metadata) }
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

    /// `{"time":...,"level":...,"logger":...,"message":...,"KEY":"VALUE",...,"error":...}`: metadata sorted by key.
    static func json(for event: LogEvent, label: String, metadata: Logger.Metadata) -> [UInt8] {
        var line = JSONLogLine(level: event.level, label: label, message: event.message.description)
        let merged = event.metadata.map { metadata.merging($0) { $1 } } ?? metadata
        for (key, value) in merged.sorted(by: { $0.key < $1.key }) {
            line.metadataField(key, value.description)
        }
        if let error = event.error {
            // One member per key: an `error` in the metadata keeps its name.
            line.metadataField(merged["error"] == nil ? "error" : "metadata.error", String(describing: error))
        }
        return line.finished()
    }
}
