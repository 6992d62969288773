import Foundation
import HTTPServer
import Logging
import Testing

@testable import moments_bff

/// `--log-format json`: every line is one JSON object, whatever its values hold.
@Suite struct JSONLogLineTests {
    static func object(_ bytes: [UInt8]) throws -> [String: Any] {
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes.dropLast().contains(UInt8(ascii: "\n")) == false)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        return try #require(object)
    }

    static func value(_ text: String, limit: Int = 256) throws -> String {
        var line = JSONLogLine(level: .info, label: "l", message: "")
        line.field("v", text, limit: limit)
        let bytes = line.finished()
        let all = String(decoding: bytes, as: UTF8.self)
        let start = try #require(all.range(of: #","v":"#))
        return String(all[start.upperBound...].dropLast(2))  // less "}\n"
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("a\nb\rc\td", #""a\nb\rc\td""#),
        ("\u{0}\u{1b}[2J\u{7f}", #""\u0000\u001b[2J\u007f""#),
        ("\u{85}\u{9b}", #""\u0085\u009b""#),
        ("a\u{2028}b\u{2029}", #""a\u2028b\u2029""#),
        ("é 中 🎉", "\"é 中 🎉\""),
    ])
    func escapes(_ input: String, _ expected: String) throws {
        #expect(try Self.value(input) == expected)
        // And Foundation's parser reads back exactly the input.
        var line = JSONLogLine(level: .info, label: "l", message: input)
        line.field("v", input)
        let object = try Self.object(line.finished())
        #expect(object["message"] as? String == input && object["v"] as? String == input)
    }

    @Test func longValuesAreCutOutsideEscapesAndCharacters() throws {
        #expect(try Self.value(String(repeating: "a", count: 300), limit: 256) == "\"" + String(repeating: "a", count: 256) + "...[44 more bytes]\"")
        // A quote's escape (2 bytes) never straddles the cut, nor does a 4-byte character.
        #expect(try Self.value("abc\"", limit: 4) == #""abc...[1 more bytes]""#)
        #expect(try Self.value("ab🎉", limit: 5) == #""ab...[4 more bytes]""#)
    }

    @Test func accessLinesCarryEveryField() throws {
        let entry = AccessLogEntry(
            method: .post, path: "/graphql\"", status: 200, bytes: 1_234, duration: .microseconds(850),
            detail: "q\n", cached: true, requestID: "id-1", remoteAddress: "::1")
        let object = try Self.object(AccessLogLine.make(entry, label: "moments-bff", format: .json))
        #expect(object["message"] as? String == "access")
        #expect(object["level"] as? String == "info" && object["logger"] as? String == "moments-bff")
        #expect((object["time"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
        #expect(object["requestID"] as? String == "id-1")
        #expect(object["method"] as? String == "POST" && object["path"] as? String == "/graphql\"")
        #expect(object["status"] as? Int == 200 && object["bytes"] as? Int == 1_234 && object["durationMicros"] as? Int == 850)
        #expect(object["client"] as? String == "::1" && object["operation"] as? String == "q\n" && object["cache"] as? String == "hit")
        #expect(object["refused"] == nil)

        let refused = AccessLogEntry(method: nil, path: nil, status: 408, bytes: 20, duration: .zero, refusedBy: "headerTimeout", requestID: "r")
        let refusal = try Self.object(AccessLogLine.make(refused, label: "moments-bff", format: .json))
        #expect(refusal["method"] is NSNull && refusal["path"] is NSNull && refusal["client"] is NSNull)
        #expect(refusal["refused"] as? String == "headerTimeout")
    }

    @Test func metadataCannotTakeTheLinesOwnFields() throws {
        let event = LogEvent(
            level: .error, message: "internal error", metadata: ["level": "info", "message": "forged", "requestID": "r-9"],
            source: "test", file: #fileID, function: #function, line: #line)
        let object = try Self.object(StandardErrorLogHandler.line(for: event, label: "moments-bff", metadata: [:], format: .json))
        #expect(object["level"] as? String == "error" && object["message"] as? String == "internal error")
        #expect(object["metadata.level"] as? String == "info" && object["metadata.message"] as? String == "forged")
        #expect(object["requestID"] as? String == "r-9")
    }
}
