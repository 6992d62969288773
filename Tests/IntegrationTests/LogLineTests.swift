import Foundation
import Logging
import Testing

@testable import moments_bff

// Unit tests of the executable's log format. They live in this target
// because it is the one that links the `moments-bff` executable module.

/// `LogLine`: escaping and caps of every value in a log line.
@Suite struct LogLineTests {
    struct EscapeCase: Sendable, CustomStringConvertible {
        var name: String
        var input: String
        var expected: String
        var description: String { name }
    }

    static let escapes: [EscapeCase] = [
        .init(name: "plain ASCII", input: "getMomentsDetailsByUserID", expected: "getMomentsDetailsByUserID"),
        .init(name: "LF, CR, TAB", input: "a\nb\rc\td", expected: #"a\nb\rc\td"#),
        .init(name: "backslash, so escapes stay unambiguous", input: #"a\nb"#, expected: #"a\\nb"#),
        .init(name: "ESC of a terminal sequence", input: "\u{1b}[31mred", expected: #"\u{1b}[31mred"#),
        .init(name: "NUL and BEL", input: "\u{0}\u{7}", expected: #"\u{0}\u{7}"#),
        .init(name: "DEL", input: "x\u{7f}", expected: #"x\u{7f}"#),
        .init(name: "C1: NEL and CSI", input: "\u{85}\u{9b}2J", expected: #"\u{85}\u{9b}2J"#),
        .init(name: "C1 bounds", input: "\u{80}\u{9f}\u{a0}", expected: "\\u{80}\\u{9f}\u{a0}"),
        .init(name: "line and paragraph separators", input: "a\u{2028}b\u{2029}c", expected: #"a\u{2028}b\u{2029}c"#),
        .init(name: "other Unicode kept", input: "Swift 5.5 🎉 é 中", expected: "Swift 5.5 🎉 é 中"),
        .init(name: "forged line", input: "x\n2030-01-01T00:00:00.000Z info moments-bff: POST /admin 200",
              expected: #"x\n2030-01-01T00:00:00.000Z info moments-bff: POST /admin 200"#),
    ]

    @Test(arguments: escapes)
    func escapesControlCharacters(_ testCase: EscapeCase) {
        #expect(LogLine.escaped(testCase.input) == testCase.expected)
    }

    @Test func escapedTextHasNoControlCharacters() {
        let every = String(String.UnicodeScalarView((0...0x2FF).compactMap(Unicode.Scalar.init)))
        let escaped = LogLine.escaped(every, limit: 10_000)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func longValueIsCutWithAMarker() {
        let escaped = LogLine.escaped(String(repeating: "a", count: 1_000))
        #expect(escaped == String(repeating: "a", count: LogLine.maxValueBytes) + "...[744 more bytes]")
    }

    @Test func cutNeverSplitsAnEscapeOrACharacter() {
        // 254 bytes, then an escape of 6 that does not fit in 256.
        let escaped = LogLine.escaped(String(repeating: "a", count: 254) + "\u{1b}z")
        #expect(escaped == String(repeating: "a", count: 254) + "...[2 more bytes]")
        // 255 bytes, then a 4-byte emoji.
        let emoji = LogLine.escaped(String(repeating: "a", count: 255) + "🎉")
        #expect(emoji == String(repeating: "a", count: 255) + "...[4 more bytes]")
    }

    @Test func capCountsEscapedBytes() {
        let escaped = LogLine.escaped(String(repeating: "\n", count: 200))
        #expect(escaped == String(repeating: #"\n"#, count: 128) + "...[72 more bytes]")
    }

    @Test func decimals() {
        var line = LogLine()
        for value in [0, 7, 10, 1_234_567, -42, Int.max, Int.min] {
            line.appendDecimal(value)
            line.append(" ")
        }
        #expect(String(decoding: line.bytes, as: UTF8.self)
            == "0 7 10 1234567 -42 9223372036854775807 -9223372036854775808 ")
    }

    @Test func prefixIsUTCTimestampLevelAndLabel() throws {
        let text = String(decoding: LogLine(level: .warning, label: "moments-bff").finished(), as: UTF8.self)
        let pattern = try Regex(#"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z warning moments-bff: \n$"#)
        #expect(text.wholeMatch(of: pattern) != nil)
    }
}

/// `StandardErrorLogHandler`: messages and metadata are escaped where the line is built.
@Suite struct StandardErrorLogHandlerTests {
    func text(_ message: Logger.Message, metadata: Logger.Metadata? = nil, handlerMetadata: Logger.Metadata = [:]) -> String {
        let event = LogEvent(level: .info, message: message, metadata: metadata, source: "test", file: #fileID, function: #function, line: #line)
        let bytes = StandardErrorLogHandler.line(for: event, label: "moments-bff", metadata: handlerMetadata)
        let line = String(decoding: bytes, as: UTF8.self)
        // Drop the timestamp: "2026-...Z info moments-bff: ".
        return String(line.drop { $0 != " " }.dropFirst())
    }

    @Test func messageIsEscaped() {
        #expect(text("a\nb\u{1b}") == "info moments-bff: a\\nb\\u{1b}\n")
    }

    @Test func metadataKeysAndValuesAreEscapedAndSorted() {
        let line = text("m", metadata: ["z": "1\r\n2", "a\n": "x"], handlerMetadata: ["b": "\u{9b}"])
        #expect(line == "info moments-bff: m a\\n=x b=\\u{9b} z=1\\r\\n2\n")
    }

    @Test func longMessageIsCut() {
        let line = text("\(String(repeating: "m", count: 2_000))")
        #expect(line.hasSuffix(String(repeating: "m", count: 100) + "...[976 more bytes]\n"))
    }
}

/// `AccessLogLine`: the access log's fields.
@Suite struct AccessLogLineTests {
    func fields(
        method: String? = "POST", path: String? = "/graphql", status: Int = 200, bytes: Int = 1_234,
        duration: Duration = .microseconds(850), detail: String? = nil
    ) -> String {
        var line = LogLine()
        AccessLogLine.appendFields(
            method: method, path: path, status: status, bytes: bytes, duration: duration, detail: detail, to: &line)
        return String(decoding: line.bytes, as: UTF8.self)
    }

    @Test func handledRequestWithOperationName() {
        #expect(fields(detail: "getMomentsDetailsByUserID") == "POST /graphql 200 1234B 850us op=getMomentsDetailsByUserID")
    }

    @Test func noOperationNameNoField() {
        #expect(fields(method: "GET", path: "/healthz", bytes: 3, duration: .nanoseconds(1_999)) == "GET /healthz 200 3B 1us")
    }

    @Test func refusedBeforeAHeadIsDashes() {
        #expect(fields(method: nil, path: nil, status: 408, bytes: 20, duration: .zero) == "- - 408 20B 0us")
        #expect(fields(method: "-", path: "", status: 400, bytes: 16, duration: .zero) == "- - 400 16B 0us")
    }

    @Test func forgedOperationNameStaysOnTheLine() {
        let line = fields(detail: "x\n2030-01-01T00:00:00.000Z info moments-bff: POST /admin 200")
        #expect(line == #"POST /graphql 200 1234B 850us op=x\n2030-01-01T00:00:00.000Z info moments-bff: POST /admin 200"#)
    }

    @Test func clientFieldsAreEscapedAndCut() {
        let line = fields(path: "/a\u{9b}b", detail: String(repeating: "o", count: 300))
        #expect(line == #"POST /a\u{9b}b 200 1234B 850us op="# + String(repeating: "o", count: 256) + "...[44 more bytes]")
    }

    @Test func hugeDurationSaturates() {
        #expect(AccessLogLine.microseconds(.seconds(Int64.max)) == Int.max)
        #expect(AccessLogLine.microseconds(.milliseconds(3)) == 3_000)
    }

    @Test func wholeLineEndsWithNewline() {
        var line = LogLine(level: .info, label: "moments-bff")
        AccessLogLine.appendFields(method: "GET", path: "/", status: 200, bytes: 0, duration: .zero, detail: nil, to: &line)
        let text = String(decoding: line.finished(), as: UTF8.self)
        #expect(text.hasSuffix(" info moments-bff: GET / 200 0B 0us\n"))
        #expect(text.filter { $0 == "\n" }.count == 1)
    }
}
