import HTTPServer
import Logging
import Traces

/// The access log: one line per response the server sends, from
/// `Server`'s access-log hook (handled requests and those the transport
/// refused alike):
///
///     2026-11-21T13:55:01.123Z info moments-bff: POST /graphql 200 1234B 850us op=getMomentsDetailsByUserID
///
/// `METHOD PATH STATUS BYTESB MICROSus`, then ` op=NAME` when the response
/// names a GraphQL operation, ` refused=LIMIT` when the transport answered
/// itself (which `HTTPLimits` bound or parse error refused the request), and
/// ` cache=hit` when the answer came from the response cache.
/// `-` stands for a method or path the server
/// never decoded (a request refused before its head was complete). Method,
/// path and operation name come from the client: they are escaped and capped
/// at `LogLine.maxValueBytes` like every logged value.
///
/// Then ` requestID=ID`, the id echoed in the response's `X-Request-ID`,
/// and, when traces are on, ` traceID=ID`: the request's trace, its
/// caller's when it came with a `traceparent` (sampled or not), otherwise
/// its own when it is sampled (a root the sampler dropped has no id).
///
/// With `--log-format json` the same fields are members of one object:
///
///     {"time":"...","level":"info","logger":"moments-bff","message":"access","requestID":"k3f9qz-0000001a",
///      "method":"POST","path":"/graphql","status":200,"bytes":1234,"durationMicros":850,
///      "client":"127.0.0.1","operation":"getMomentsDetailsByUserID"}
///
/// (`method` and `path` `null` when never decoded; `operation`, `refused` and
/// `cache` only when they apply).
///
/// The hook runs on the server's I/O thread for every request, so the line
/// is built as bytes and handed to `LogWriter` without going through
/// swift-log's `Logger` (no message `String`, no existential call).
enum AccessLogLine {
    static func make(_ entry: AccessLogEntry, label: String, format: LogFormat = .text) -> [UInt8] {
        guard format == .text else { return json(entry, label: label) }
        var line = LogLine(level: .info, label: label)
        appendFields(
            method: entry.method?.rawValue, path: entry.path, status: entry.status, bytes: entry.bytes,
            duration: entry.duration, detail: entry.detail, to: &line
        )
        if let refusedBy = entry.refusedBy {
            line.append(" refused=")
            line.appendEscaped(refusedBy, limit: LogLine.maxValueBytes)
        }
        if entry.cached { line.append(" cache=hit") }
        if !entry.requestID.isEmpty {
            line.append(" requestID=")
            line.appendEscaped(entry.requestID, limit: LogLine.maxValueBytes)
        }
        if let trace = Self.traceID(entry) {
            line.append(" traceID=")
            line.appendVerbatim { trace.appendHex(to: &$0) }
        }
        return line.finished()
    }

    private static func json(_ entry: AccessLogEntry, label: String) -> [UInt8] {
        var line = JSONLogLine(level: .info, label: label, message: "access")
        line.field("requestID", entry.requestID)
        if let trace = Self.traceID(entry) { line.field("traceID", trace.hex) }
        line.field("method", entry.method?.rawValue)
        line.field("path", entry.path)
        line.field("status", entry.status)
        line.field("bytes", entry.bytes)
        line.field("durationMicros", microseconds(entry.duration))
        line.field("client", entry.remoteAddress)
        if let detail = entry.detail { line.field("operation", detail) }
        if let refusedBy = entry.refusedBy { line.field("refused", refusedBy) }
        if entry.cached { line.field("cache", "hit") }
        return line.finished()
    }

    /// `METHOD PATH STATUS BYTESB MICROSus[ op=NAME]`, appended to `line`.
    static func appendFields(
        method: String?, path: String?, status: Int, bytes: Int, duration: Duration, detail: String?,
        to line: inout LogLine
    ) {
        appendField(method, to: &line)
        line.append(" ")
        appendField(path, to: &line)
        line.append(" ")
        line.appendDecimal(status)
        line.append(" ")
        line.appendDecimal(bytes)
        line.append("B ")
        line.appendDecimal(microseconds(duration))
        line.append("us")
        if let detail {
            line.append(" op=")
            line.appendEscaped(detail, limit: LogLine.maxValueBytes)
        }
    }

    private static func appendField(_ value: String?, to line: inout LogLine) {
        guard let value, !value.isEmpty else {
            line.append("-")
            return
        }
        line.appendEscaped(value, limit: LogLine.maxValueBytes)
    }

    /// Whole microseconds, saturating instead of overflowing.
    static func microseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000)
        if overflow || carry { return seconds < 0 ? Int.min : Int.max }
        return Int(total)
    }

    /// The request's trace, when traces are on and it has one: a root the
    /// sampler dropped has none (docs/operations.md, "Traces").
    private static func traceID(_ entry: AccessLogEntry) -> TraceID? {
        // A cast, not `span.context`: a sampled span's context is made (a dictionary) when asked.
        (entry.trace?.span as? OTelSpan)?.spanContext?.traceID
    }
}
