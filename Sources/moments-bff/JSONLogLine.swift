import JSON
import Logging

/// One log line as a JSON object (`--log-format json`), built as bytes:
///
///     {"time":"2026-11-21T13:55:01.123Z","level":"info","logger":"moments-bff","message":"...",...}
///
/// Every string is escaped as JSON requires (`"`, `\`, and the controls
/// U+0000–U+001F as `\n`, `\r`, `\t` or `\u00XX`), and also DEL, C1
/// U+0080–U+009F and U+2028/U+2029 as `\uXXXX`, so a line shown in a
/// terminal or pasted into JavaScript stays one inert line. Strings are
/// valid UTF-8 by construction (Swift's `String`; the transport decodes
/// client bytes with replacement), so the line is always valid JSON, whatever
/// bytes a client sent. Values are cut as `LogLine` cuts them (at
/// `LogLine.maxValueBytes` escaped bytes, a message at `maxMessageBytes`,
/// never inside an escape or a character), with the same
/// `...[N more bytes]` marker inside the string.
///
/// Keys are ours (literals), except metadata keys, which are escaped too; a
/// metadata key that is one of the line's own fields is written as
/// `metadata.KEY`, so no value can stand in for the time, level or message.
struct JSONLogLine {
    /// Field names of every line, which metadata may not take.
    static let reservedKeys: Set<String> = ["time", "level", "logger", "message"]

    private(set) var bytes: [UInt8]

    /// `{"time":...,"level":...,"logger":...,"message":...`: the fields every line starts with.
    init(level: Logger.Level, label: String, message: String, capacity: Int = 256) {
        bytes = []
        bytes.reserveCapacity(capacity)
        append("{\"time\":\"")
        LogTimestamp.append(into: &bytes)
        append("\",\"level\":\"")
        append(LogLine.name(of: level))
        append("\",\"logger\":")
        appendString(label, limit: LogLine.maxValueBytes)
        append(",\"message\":")
        appendString(message, limit: LogLine.maxMessageBytes)
    }

    /// Appends one of our literals, unescaped: never pass text that came from outside.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// `,"key":"value"` (or `null`).
    mutating func field(_ key: StaticString, _ value: String?, limit: Int = LogLine.maxValueBytes) {
        append(",\"")
        append(key)
        append("\":")
        guard let value else {
            append("null")
            return
        }
        appendString(value, limit: limit)
    }

    /// `,"key":123`.
    mutating func field(_ key: StaticString, _ value: Int) {
        append(",\"")
        append(key)
        append("\":")
        var line = LogLine(capacity: 20)
        line.appendDecimal(value)
        bytes.append(contentsOf: line.bytes)
    }

    /// `,"key":"value"` for a key that is not ours (metadata), escaped like a value.
    mutating func metadataField(_ key: String, _ value: String) {
        append(",")
        appendString(Self.reservedKeys.contains(key) ? "metadata." + key : key, limit: LogLine.maxValueBytes)
        append(":")
        appendString(value, limit: LogLine.maxValueBytes)
    }

    /// The line with its closing brace and newline, ready for `LogWriter`.
    consuming func finished() -> [UInt8] {
        append("}\n")
        return bytes
    }

    /// `"text"`, escaped, cut after `limit` escaped bytes of content.
    mutating func appendString(_ text: String, limit: Int) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped(utf8: $0, limit: limit) }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscaped(utf8 input: UnsafeBufferPointer<UInt8>, limit: Int) {
        Self.appendEscaped(utf8: input, limit: limit, to: &bytes)
    }
}

/// The walk is the log formats' (`LogEscaping`: what is escaped, the cut);
/// the escapes are JSON's (`JSONEscape`), with `\n \r \t` as the only
/// short forms besides `\"` and `\\`, the set the text format (`LogLine`) has too.
extension JSONLogLine: LogEscaping {
    static func escapes(printable byte: UInt8) -> Bool { JSONEscape.isRequired(byte) }

    static func escapedLength(_ scalar: UInt32) -> Int {
        JSONEscape.length(ofEscapeOf: scalar, shortForms: .lineBreaksAndTab)
    }

    static func appendEscape(_ scalar: UInt32, to bytes: inout [UInt8]) {
        JSONEscape.append(escapeOf: scalar, shortForms: .lineBreaksAndTab, to: &bytes)
    }
}
