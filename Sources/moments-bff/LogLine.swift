import Glibc
import Logging

/// One log line as bytes: `2026-11-21T13:55:01.123Z info moments-bff: message key=value`.
///
/// Every string that is not a literal of ours goes through `appendEscaped`,
/// so nothing a client sends (an operation name, a path, an error's text)
/// can end the line, start a forged one, or reach a terminal as a control
/// sequence:
///
/// - `\` becomes `\\`, LF `\n`, CR `\r`, TAB `\t`;
/// - every other control character (C0 U+0000–U+001F, DEL U+007F, C1
///   U+0080–U+009F) and the line and paragraph separators U+2028, U+2029
///   become `\u{…}` with the scalar's value in lowercase hex (ESC is `\u{1b}`).
///
/// That is the escape syntax of a Swift string literal, so a logged value
/// pasted between quotes gives back the original string.
///
/// Each value is cut at a cap counted in escaped bytes (never inside an
/// escape or a UTF-8 sequence), followed by `...[N more bytes]` where N
/// counts the original UTF-8 bytes left out.
struct LogLine: LogEscaping {
    /// Cap on a message, in escaped bytes.
    static let maxMessageBytes = 1024
    /// Cap on one metadata value or one access-log field (path, operation name), in escaped bytes.
    static let maxValueBytes = 256

    private(set) var bytes: [UInt8]

    /// An empty line (no timestamp, level or label): what tests and the access-log formatter build on.
    init(capacity: Int = 192) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// The line's prefix: UTC timestamp, level and label (`... info moments-bff: `).
    init(level: Logger.Level, label: String, capacity: Int = 192) {
        self.init(capacity: capacity)
        appendTimestamp()
        append(" ")
        append(Self.name(of: level))
        append(" ")
        appendEscaped(label, limit: Self.maxValueBytes)
        append(": ")
    }

    /// Bytes `write` appends as they are: only for text the server makes
    /// from a safe alphabet itself (a trace id's hex digits), which escaping
    /// would only slow down.
    mutating func appendVerbatim(_ write: (inout [UInt8]) -> Void) { write(&bytes) }

    /// Appends one of our literals, unescaped: never pass text that came from outside.
    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func appendDecimal(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var digits = 1
        var rest = value.magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        Self.appendDigits(value.magnitude, width: digits, into: &bytes)
    }

    /// The last `width` decimal digits of `value`, zero-padded, written from
    /// the right. Why: dividing by a constant 10 compiles to a multiplication,
    /// where the old left-to-right loop divided by a variable power of ten, a
    /// real division per digit (perf, healthz: 1 % of the I/O thread on the
    /// access line's digits).
    static func appendDigits(_ value: UInt, width: Int, into bytes: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(1, width)) { digits in
            var rest = value
            for index in digits.indices.reversed() {
                digits[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<width]))
        }
    }

    /// Appends `text` escaped as the type's comment says, cut after `limit` escaped bytes.
    mutating func appendEscaped(_ text: String, limit: Int) {
        var text = text
        text.withUTF8 { appendEscaped(utf8: $0, limit: limit) }
    }

    private mutating func appendEscaped(utf8 input: UnsafeBufferPointer<UInt8>, limit: Int) {
        Self.appendEscaped(utf8: input, limit: limit, to: &bytes)
    }

    /// The line with its newline, ready for `LogWriter`.
    consuming func finished() -> [UInt8] {
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// `text` escaped and capped as a log value, as a `String` (for messages printed outside the log).
    static func escaped(_ text: String, limit: Int = maxValueBytes) -> String {
        var line = LogLine(capacity: Swift.min(text.utf8.count, limit) + 32)
        line.appendEscaped(text, limit: limit)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    static func name(of level: Logger.Level) -> StaticString {
        switch level {
        case .trace: "trace"
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        case .critical: "critical"
        }
    }

    private mutating func appendTimestamp() {
        LogTimestamp.append(into: &bytes)
    }
}

/// The time of a log line, in both formats: ISO 8601 in UTC with
/// milliseconds, from `clock_gettime` and `gmtime_r`. (UTC needs no
/// time-zone file: glibc's `localtime_r` re-reads `/etc/localtime` on every
/// call, which showed in profiles at one line per request.)
enum LogTimestamp {
    static func append(into bytes: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var seconds = now.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDigits(Int(parts.tm_year) + 1900, width: 4, into: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mon) + 1, width: 2, into: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mday), width: 2, into: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendDigits(Int(parts.tm_hour), width: 2, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_min), width: 2, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_sec), width: 2, into: &bytes)
        bytes.append(UInt8(ascii: "."))
        appendDigits(Int(now.tv_nsec / 1_000_000), width: 3, into: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    private static func appendDigits(_ value: Int, width: Int, into bytes: inout [UInt8]) {
        LogLine.appendDigits(UInt(max(0, value)), width: width, into: &bytes)
    }
}

extension LogLine {
    static func escapes(printable byte: UInt8) -> Bool { byte == UInt8(ascii: "\\") }

    static func escapedLength(_ scalar: UInt32) -> Int {
        switch scalar {
        case 0x5C, 0x0A, 0x0D, 0x09: 2
        case ..<0x10: 5  // \u{h}
        case ..<0x100: 6  // \u{hh}
        default: 8  // \u{hhhh}
        }
    }

    static func appendEscape(_ scalar: UInt32, to bytes: inout [UInt8]) {
        func append(_ literal: StaticString) { literal.withUTF8Buffer { bytes.append(contentsOf: $0) } }
        switch scalar {
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        default:
            append("\\u{")
            appendHex(scalar, digits: scalar >= 0x100 ? 4 : (scalar >= 0x10 ? 2 : 1), to: &bytes)
            append("}")
        }
    }
}
