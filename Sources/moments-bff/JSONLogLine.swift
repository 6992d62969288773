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
        let budgetEnd = bytes.count + limit
        var index = 0
        while index < input.count {
            let byte = input[index]
            // Fast path: printable ASCII other than the quote and the backslash.
            if byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                guard bytes.count < budgetEnd else { break }
                bytes.append(byte)
                index += 1
                continue
            }
            let length: Int
            var escape: UInt32?  // the scalar to write as an escape, if any
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x00..<0x20, 0x7F:
                length = 1
                escape = UInt32(byte)
            case 0xC2 where index + 1 < input.count && (0x80...0x9F).contains(input[index + 1]):
                length = 2
                escape = UInt32(input[index + 1])  // C1: U+0080–U+009F is C2 80–C2 9F
            case 0xE2 where index + 2 < input.count && input[index + 1] == 0x80 && (input[index + 2] == 0xA8 || input[index + 2] == 0xA9):
                length = 3
                escape = 0x2000 + UInt32(input[index + 2] - 0x80)  // U+2028, U+2029
            case 0xC2..<0xE0: length = 2
            case 0xE0..<0xF0: length = 3
            case 0xF0..<0xF5: length = 4
            default:
                // Not a lead byte of valid UTF-8 (a String never holds one):
                // written as U+FFFD, so the line stays valid UTF-8 whatever came in.
                length = 1
                escape = 0xFFFD
            }
            let sequenceEnd = Swift.min(index + length, input.count)
            if let escape {
                guard bytes.count + Self.escapedLength(escape) <= budgetEnd else { break }
                appendEscape(escape)
            } else {
                guard bytes.count + (sequenceEnd - index) <= budgetEnd else { break }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<sequenceEnd]))
            }
            index = sequenceEnd
        }
        if index < input.count {
            append("...[")
            var count = LogLine(capacity: 20)
            count.appendDecimal(input.count - index)
            bytes.append(contentsOf: count.bytes)
            append(" more bytes]")
        }
    }

    private static func escapedLength(_ scalar: UInt32) -> Int {
        switch scalar {
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09: 2
        default: 6  // \uXXXX
        }
    }

    private mutating func appendEscape(_ scalar: UInt32) {
        switch scalar {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            append("\\u")
            var shift = 12
            while shift >= 0 {
                let nibble = UInt8((scalar >> UInt32(shift)) & 0xF)
                bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
                shift -= 4
            }
        }
    }
}
