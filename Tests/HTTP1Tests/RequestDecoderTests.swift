import Testing
@testable import HTTP1

struct ValidCase: Sendable, CustomTestStringConvertible {
    var name: String
    var wire: [UInt8]
    var expected: [DecodedRequest]
    var testDescription: String { name }

    init(_ name: String, _ wire: String, _ expected: DecodedRequest...) {
        self.name = name
        self.wire = Array(wire.utf8)
        self.expected = expected
    }

    init(_ name: String, bytes: [UInt8], _ expected: DecodedRequest...) {
        self.name = name
        self.wire = bytes
        self.expected = expected
    }
}

extension DecodedRequest: @unchecked Sendable {}

/// Valid requests; the checklist is picohttpparser's test_request and llhttp's fixtures.
let validCases: [ValidCase] = [
    ValidCase("simple GET", "GET / HTTP/1.1\r\nHost: a\r\n\r\n", .make()),
    ValidCase(
        "healthz as wrk sends it", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:4000\r\n\r\n",
        .make(target: "/healthz", headers: ["Host": "127.0.0.1:4000"])),
    ValidCase(
        "headers in order with duplicates and an empty value",
        "GET /hoge?x=1 HTTP/1.1\r\nHost: example.com\r\nCookie: \r\nX-A: 1\r\nx-a: 2\r\n\r\n",
        .make(target: "/hoge?x=1", headers: [("Host", "example.com"), ("Cookie", ""), ("X-A", "1"), ("x-a", "2")].headers)),
    ValidCase(
        "values trimmed of OWS, inner whitespace kept", "GET / HTTP/1.1\r\nHost:a\r\nX: \t a \t b \t\r\n\r\n",
        .make(headers: [("Host", "a"), ("X", "a \t b")].headers)),
    ValidCase(
        "obs-text in target and value", bytes: Array("GET /\u{A0} HTTP/1.1\r\nHost: a\r\nh: c".utf8) + [0xA2] + Array("y\r\n\r\n".utf8),
        .make(target: "/\u{A0}", headers: [("Host", "a"), ("h", String(decoding: [0x63, 0xA2, 0x79], as: UTF8.self))].headers)),
    ValidCase(
        "Host forms: IPv6 literal with port, empty", "GET / HTTP/1.1\r\nHost: [::1]:4000\r\n\r\nGET / HTTP/1.1\r\nHost:\r\n\r\n",
        .make(headers: ["Host": "[::1]:4000"]), .make(headers: ["Host": ""])),
    ValidCase(
        "multibyte value (picohttpparser)",
        bytes: Array("GET /hoge HTTP/1.1\r\nHost: example.com\r\nUser-Agent: ".utf8) + [0o343, 0o201, 0o262, 0o343]
            + Array("/1.0\r\n\r\n".utf8),
        .make(target: "/hoge", headers: [("Host", "example.com"),
              ("User-Agent", String(decoding: [0o343, 0o201, 0o262, 0o343] + Array("/1.0".utf8), as: UTF8.self))].headers)),
    ValidCase(
        "chunked hello world in two chunks with trailers (picohttpparser)",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\na: b\r\nc: d\r\n\r\n",
        .make(method: "POST", headers: [("Host", "a"), ("Transfer-Encoding", "chunked")].headers,
              framing: .chunked, body: "hello world")),
    ValidCase("leading empty lines ignored", "\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n", .make()),
    ValidCase("HTTP/1.0 without Host", "GET / HTTP/1.0\r\n\r\n", .make(version: .http1_0, headers: [:])),
    ValidCase(
        "HTTP/1.0 keep-alive", "GET / HTTP/1.0\r\nConnection: Keep-Alive\r\n\r\n",
        .make(version: .http1_0, headers: ["Connection": "Keep-Alive"], keepAlive: true)),
    ValidCase(
        "HTTP/1.1 Connection: close", "GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        .make(headers: [("Host", "a"), ("Connection", "close")].headers, keepAlive: false)),
    ValidCase(
        "Connection list with close", "GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n",
        .make(headers: [("Host", "a"), ("Connection", "Upgrade, CLOSE")].headers, keepAlive: false)),
    ValidCase(
        "absolute-form reduced to origin-form", "GET http://example.com:8080/graphql?q=1 HTTP/1.1\r\nHost: example.com\r\n\r\n",
        .make(target: "/graphql?q=1", headers: ["Host": "example.com"])),
    ValidCase(
        "absolute-form without path", "GET https://example.com HTTP/1.1\r\nHost: example.com\r\n\r\n",
        .make(target: "/", headers: ["Host": "example.com"])),
    ValidCase("OPTIONS *", "OPTIONS * HTTP/1.1\r\nHost: a\r\n\r\n", .make(method: "OPTIONS", target: "*")),
    ValidCase("extension method", "PURGE /x HTTP/1.1\r\nHost: a\r\n\r\n", .make(method: "PURGE", target: "/x")),
    ValidCase(
        "Content-Length body", "POST /graphql HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello",
        .make(method: "POST", target: "/graphql", headers: [("Host", "a"), ("Content-Length", "5")].headers,
              framing: .length(5), body: "hello")),
    ValidCase(
        "Content-Length 0", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
        .make(method: "POST", headers: [("Host", "a"), ("Content-Length", "0")].headers)),
    ValidCase(
        "identical Content-Length list", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3, 3\r\n\r\nabc",
        .make(method: "POST", headers: [("Host", "a"), ("Content-Length", "3, 3")].headers, framing: .length(3), body: "abc")),
    ValidCase(
        "identical Content-Length fields",
        "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\nContent-Length: 3\r\n\r\nabc",
        .make(method: "POST", headers: [("Host", "a"), ("Content-Length", "3"), ("Content-Length", "3")].headers,
              framing: .length(3), body: "abc")),
    ValidCase(
        "chunked body with extension and trailers",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n6 ; x\r\n world\r\nA\r\n0123456789\r\n0\r\nX-Trailer: t\r\nY: u\r\n\r\n",
        .make(method: "POST", headers: [("Host", "a"), ("Transfer-Encoding", "chunked")].headers,
              framing: .chunked, body: "hello world0123456789")),
    ValidCase(
        "chunk extensions with quoted strings (llhttp)",
        "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;ilovew3=\"I \\\"love\\\"; \\\\extensions\\\\\";somuchlove=\"aretheseparametersfor\";blah;foo=bar\r\nhello\r\n"
            + "6;blahblah;blah\r\n world\r\n1 ; a = b ;c\r\n!\r\n0;last\r\n\r\n",
        .make(method: "POST", headers: [("Host", "a"), ("Transfer-Encoding", "chunked")].headers,
              framing: .chunked, body: "hello world!")),
    ValidCase(
        "upper and lower case hex sizes",
        "PUT /url HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nA\r\n0123456789\r\na\r\n0123456789\r\n0\r\n\r\n",
        .make(method: "PUT", target: "/url", headers: [("Host", "a"), ("Transfer-Encoding", "chunked")].headers,
              framing: .chunked, body: "01234567890123456789")),
    ValidCase(
        "chunked, empty body", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: Chunked\r\n\r\n000\r\n\r\n",
        .make(method: "POST", headers: [("Host", "a"), ("Transfer-Encoding", "Chunked")].headers, framing: .chunked)),
    ValidCase(
        "Transfer-Encoding with empty list elements", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: , chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n",
        .make(method: "POST", headers: [("Host", "a"), ("Transfer-Encoding", ", chunked")].headers, framing: .chunked, body: "x")),
    ValidCase(
        "Expect 100-continue with a body",
        "POST / HTTP/1.1\r\nHost: a\r\nExpect: 100-Continue\r\nContent-Length: 2\r\n\r\nhi",
        .make(method: "POST", headers: [("Host", "a"), ("Expect", "100-Continue"), ("Content-Length", "2")].headers,
              framing: .length(2), expectsContinue: true, body: "hi")),
    ValidCase(
        "Expect 100-continue with a chunked body",
        "PUT /x HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
        .make(method: "PUT", target: "/x", headers: [("Host", "a"), ("Transfer-Encoding", "chunked"), ("Expect", "100-continue")].headers,
              framing: .chunked, expectsContinue: true, body: "abc")),
    ValidCase(
        "absolute-form with a query and no path", "GET http://example.com?q=1 HTTP/1.1\r\nHost: example.com\r\n\r\n",
        .make(target: "/?q=1", headers: ["Host": "example.com"])),
    ValidCase(
        "Expect 100-continue without a body is not reported", "GET / HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\n\r\n",
        .make(headers: [("Host", "a"), ("Expect", "100-continue")].headers)),
    ValidCase(
        "Expect 100-continue from HTTP/1.0 is not reported",
        "POST / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 1\r\n\r\nx",
        .make(method: "POST", version: .http1_0, headers: [("Expect", "100-continue"), ("Content-Length", "1")].headers,
              framing: .length(1), body: "x")),
    ValidCase(
        "pipelined requests in one buffer",
        "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nPOST /2 HTTP/1.1\r\nHost: a\r\nContent-Length: 3\r\n\r\nabc"
            + "POST /3 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nde\r\n0\r\n\r\n"
            + "GET /4 HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
        .make(target: "/1"),
        .make(method: "POST", target: "/2", headers: [("Host", "a"), ("Content-Length", "3")].headers, framing: .length(3), body: "abc"),
        .make(method: "POST", target: "/3", headers: [("Host", "a"), ("Transfer-Encoding", "chunked")].headers,
              framing: .chunked, body: "de"),
        .make(target: "/4", headers: [("Host", "a"), ("Connection", "close")].headers, keepAlive: false)),
    ValidCase(
        "empty line between pipelined requests", "POST /1 HTTP/1.1\r\nHost: a\r\nContent-Length: 1\r\n\r\nx\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n",
        .make(method: "POST", target: "/1", headers: [("Host", "a"), ("Content-Length", "1")].headers, framing: .length(1), body: "x"),
        .make(target: "/2")),
]

extension Array where Element == (String, String) {
    var headers: HTTPHeaders { HTTPHeaders(map { (name: $0.0, value: $0.1) }) }
}

struct RequestDecoderTests {
    @Test(arguments: validCases)
    func decodesValidRequestsWholeAndSplitAtEveryOffset(_ testCase: ValidCase) throws {
        for split in WireFeeder.splits(of: testCase.wire.count) {
            let decoded = try WireFeeder.decode(testCase.wire, cuts: split.cuts)
            #expect(decoded == testCase.expected, "\(split.name)")
        }
    }

    @Test(arguments: validCases)
    func everyStrictPrefixAsksForMoreData(_ testCase: ValidCase) throws {
        for length in 0..<testCase.wire.count {
            let decoded = try WireFeeder.decode(Array(testCase.wire[..<length]))
            #expect(decoded.count < testCase.expected.count, "prefix of \(length) bytes")
            #expect(decoded == Array(testCase.expected.prefix(decoded.count)), "prefix of \(length) bytes")
        }
    }

    @Test func continuesAfterCompleteRequestWithNothingMore() throws {
        var decoder = HTTPRequestDecoder()
        let wire = [UInt8](wire: "GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        let first = try wire.withUnsafeBytes { try decoder.decode($0) }
        guard case .head(let head) = first.event else {
            Issue.record("expected a head, got \(first.event)")
            return
        }
        #expect(first.consumed == wire.count)
        #expect(head.framing == .none && head.keepAlive)
        let second = try [UInt8]().withUnsafeBytes { try decoder.decode($0) }
        guard case .request(let request) = second.event else {
            Issue.record("expected the request, got \(second.event)")
            return
        }
        #expect(second.consumed == 0 && request.target == "/")
        let third = try [UInt8]().withUnsafeBytes { try decoder.decode($0) }
        guard case .needMoreData = third.event else {
            Issue.record("expected needMoreData, got \(third.event)")
            return
        }
        #expect(decoder.isMidRequest == false)
    }
}
