import Testing
@testable import HTTP1

struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var wire: [UInt8]
    var error: HTTPParseError
    var status: Int
    var limits: HTTPLimits
    var testDescription: String { name }

    init(_ name: String, _ wire: String, _ error: HTTPParseError, _ status: Int = 400, limits: HTTPLimits = HTTPLimits()) {
        self.init(name, bytes: Array(wire.utf8), error, status, limits: limits)
    }

    init(_ name: String, bytes: [UInt8], _ error: HTTPParseError, _ status: Int = 400, limits: HTTPLimits = HTTPLimits()) {
        self.name = name
        self.wire = bytes
        self.error = error
        self.status = status
        self.limits = limits
    }
}

private let post = "POST / HTTP/1.1\r\nHost: a\r\n"
private let chunkedPost = post + "Transfer-Encoding: chunked\r\n\r\n"
private let small = HTTPLimits(
    maxRequestLineLength: 20, maxHeaderBlockBytes: 40, maxHeaderCount: 3, maxBodyBytes: 10, maxChunkExtensionBytes: 8,
    maxTrailerBytes: 10)

/// Malformed or ambiguous requests. Checklist: picohttpparser's test_request failures and
/// llhttp's content-length.md, transfer-encoding.md and invalid.md headings.
let errorCases: [ErrorCase] = [
    // Request line.
    ErrorCase("double space after method", "GET  / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
    ErrorCase("double space before version", "GET /  HTTP/1.1\r\nHost: a\r\n\r\n", .invalidVersion),
    ErrorCase("space before method", " GET / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidRequestLine),
    ErrorCase("no version (HTTP/0.9 style)", "GET /\r\nHost: a\r\n\r\n", .invalidRequestLine),
    ErrorCase("method only", "GET\r\nHost: a\r\n\r\n", .invalidRequestLine),
    ErrorCase("trailing space after version", "GET / HTTP/1.1 \r\nHost: a\r\n\r\n", .invalidVersion),
    ErrorCase("NUL in method", bytes: Array("G".utf8) + [0] + Array("T / HTTP/1.1\r\nHost: a\r\n\r\n".utf8), .invalidMethod),
    ErrorCase("tab in method", "G\tT / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod),
    ErrorCase("non-token byte in method", "G(T / HTTP/1.1\r\nHost: a\r\n\r\n", .invalidMethod),
    ErrorCase("DEL in target", "GET /\u{7F}hello HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
    ErrorCase("tab in target", "GET /a\tb HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
    ErrorCase("asterisk with GET", "GET * HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
    ErrorCase("relative target", "GET foo HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
    ErrorCase("scheme without authority", "GET http:/x HTTP/1.1\r\nHost: a\r\n\r\n", .invalidTarget),
    ErrorCase("lowercase version", "GET / http/1.1\r\nHost: a\r\n\r\n", .invalidVersion),
    ErrorCase("version without minor", "GET / HTTP/1\r\nHost: a\r\n\r\n", .invalidVersion),
    ErrorCase("version with two-digit minor", "GET / HTTP/1.10\r\nHost: a\r\n\r\n", .invalidVersion),
    ErrorCase("version with letters", "GET / HTTP/1.x\r\nHost: a\r\n\r\n", .invalidVersion),
    ErrorCase("HTTP/2.0", "GET / HTTP/2.0\r\nHost: a\r\n\r\n", .unsupportedVersion, 505),
    ErrorCase("HTTP/1.2", "GET / HTTP/1.2\r\nHost: a\r\n\r\n", .unsupportedVersion, 505),
    ErrorCase("HTTP/0.9", "GET / HTTP/0.9\r\nHost: a\r\n\r\n", .unsupportedVersion, 505),
    ErrorCase("request line too long", "GET /aaaaaaaaaaaaaa HTTP/1.1\r\nHost: a\r\n\r\n", .requestLineTooLong, 414, limits: small),
    ErrorCase("empty lines before the request line past the limit", String(repeating: "\r\n", count: 11) + "GET / HTTP/1.1\r\n\r\n",
              .requestLineTooLong, 414, limits: small),
    // Found by fuzz-http-request: whole, the bare LF was reported (400); split before it, the
    // length (414). The limit now comes first either way.
    ErrorCase("request line too long ending in a bare LF", "GET /aaaaaaaaaaaaaa HTTP/1.1\nHost: a\r\n\r\n",
              .requestLineTooLong, 414, limits: small),

    // Line endings.
    ErrorCase("bare LF line endings", "GET / HTTP/1.1\nHost: a\n\n", .bareLineFeed),
    ErrorCase("bare LF ending the head", "GET / HTTP/1.1\r\nHost: a\r\n\n", .bareLineFeed),
    ErrorCase("bare LF in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\nb\r\n\r\n", .bareLineFeed),
    ErrorCase("bare CR in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\rb\r\n\r\n", .bareCarriageReturn),
    ErrorCase("bare CR in the request line", "GET /\rx HTTP/1.1\r\nHost: a\r\n\r\n", .bareCarriageReturn),
    ErrorCase("bare CR after the version", "GET / HTTP/1.1\rX\r\nHost: a\r\n\r\n", .bareCarriageReturn),
    ErrorCase("bare CR in a name", "GET / HTTP/1.1\r\nHost: a\r\nX\ry: 1\r\n\r\n", .bareCarriageReturn),
    ErrorCase("bare CR as a line", "GET / HTTP/1.1\r\nHost: a\r\n\rX: 1\r\n\r\n", .bareCarriageReturn),

    // llhttp invalid.md.
    ErrorCase("ICE protocol", "GET /music/sweet/music ICE/1.0\r\nHost: example.com\r\n\r\n", .invalidVersion),
    ErrorCase("IHTTP protocol", "GET /music/sweet/music IHTTP/1.0\r\nHost: example.com\r\n\r\n", .invalidVersion),
    ErrorCase("HTTP/5.6", "GET / HTTP/5.6\r\nHost: a\r\n\r\n", .unsupportedVersion, 505),
    ErrorCase("headers separated by CR", "GET / HTTP/1.1\r\nFoo: 1\rBar: 2\r\n\r\n", .bareCarriageReturn),
    ErrorCase("headers separated by LF", "POST / HTTP/1.1\r\nHost: localhost:5000\r\nx:x\nTransfer-Encoding: chunked\r\n\r\n",
              .bareLineFeed),
    ErrorCase("headers separated by dummy characters", "GET / HTTP/1.1\r\nConnection: close\r\nHost: a\r\n\rZGET /evil: HTTP/1.1\r\nHost: a\r\n\r\n",
              .bareCarriageReturn),
    ErrorCase("empty header separated by CR", "POST / HTTP/1.1\r\nHost: localhost:5000\r\nx:\rTransfer-Encoding: chunked\r\n\r\n",
              .bareCarriageReturn),
    ErrorCase("header name folded onto the next line", "GET / HTTP/1.1\r\nHost: a\r\nname\r\n : value\r\n\r\n", .invalidFieldName),
    ErrorCase("corrupted Connection header", bytes: Array("GET / HTTP/1.1\r\nHost: www.example.com\r\nConnection\r".utf8)
              + [0o33, 0o65, 0o325] + Array("eep-Alive\r\nAccept-Encoding: gzip\r\n\r\n".utf8), .bareCarriageReturn),
    ErrorCase("missing CR between headers (smuggling)",
              "GET / HTTP/1.1\r\nHost: localhost\r\nDummy: x\nContent-Length: 23\r\n\r\nGET / HTTP/1.1\r\nDummy: GET /admin HTTP/1.1\r\nHost: localhost\r\n\r\n",
              .bareLineFeed),
    ErrorCase("spaces before a header (obs-fold smuggling)",
              "POST /hello HTTP/1.1\r\nHost: localhost\r\nFoo: bar\r\n Content-Length: 38\r\n\r\nGET /bye HTTP/1.1\r\nHost: localhost\r\n\r\n",
              .obsoleteLineFolding),
    ErrorCase("only LFs", "POST / HTTP/1.1\nTransfer-Encoding: chunked\n\n0\n\n", .bareLineFeed),
    ErrorCase("unknown coding (pigeons)", "PUT /url HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: pigeons\r\n\r\n",
              .unsupportedTransferCoding, 501),
    ErrorCase("chunkedchunked", "PUT /url HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunkedchunked\r\n\r\n",
              .unsupportedTransferCoding, 501),
    ErrorCase("chunked then deflate in two fields", post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: deflate\r\n\r\n",
              .chunkedNotFinal),
    ErrorCase("empty Transfer-Encoding with Content-Length", post + "Transfer-Encoding:\r\nContent-Length: 5\r\n\r\nhello",
              .contentLengthWithTransferEncoding),

    // Fields.
    ErrorCase("obs-fold", "GET / HTTP/1.1\r\nHost: a\r\nX: b\r\n  c\r\n\r\n", .obsoleteLineFolding),
    ErrorCase("whitespace before the first field", "GET / HTTP/1.1\r\n Host: a\r\n\r\n", .obsoleteLineFolding),
    ErrorCase("whitespace before the colon", "GET / HTTP/1.1\r\nHost : a\r\n\r\n", .whitespaceBeforeColon),
    ErrorCase("tab before the colon", "GET / HTTP/1.1\r\nHost\t: a\r\n\r\n", .whitespaceBeforeColon),
    ErrorCase("space inside a name", "GET / HTTP/1.1\r\nHost: a\r\nFoo Bar: x\r\n\r\n", .invalidFieldName),
    ErrorCase("name of a space only (picohttpparser)", "GET / HTTP/1.0\r\n :a\r\n\r\n", .obsoleteLineFolding),
    ErrorCase("chunk size of 16 f overflows Int (picohttpparser)", chunkedPost + "6\r\nhello \r\nffffffffffffffff\r\nabcdefg",
              .invalidChunkSize),
    ErrorCase("chunk size past the body limit before any data", chunkedPost + "fffffffffffff\r\nabc", .bodyTooLarge, 413),
    ErrorCase("empty name", "GET / HTTP/1.1\r\nHost: a\r\n: x\r\n\r\n", .invalidFieldName),
    ErrorCase("line without a colon", "GET / HTTP/1.1\r\nHost: a\r\nfoo\r\n\r\n", .invalidFieldName),
    ErrorCase("non-token byte in a name", "GET / HTTP/1.1\r\nHost: a\r\nX@Y: 1\r\n\r\n", .invalidFieldName),
    ErrorCase("NUL in a name", bytes: Array("GET / HTTP/1.1\r\nHost: a\r\nX".utf8) + [0] + Array(": 1\r\n\r\n".utf8), .invalidFieldName),
    ErrorCase("NUL in a value", bytes: Array("GET / HTTP/1.1\r\nHost: a\r\nX: a".utf8) + [0] + Array("\r\n\r\n".utf8), .invalidFieldValue),
    ErrorCase("control byte in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: \u{01}\r\n\r\n", .invalidFieldValue),
    ErrorCase("DEL in a value", "GET / HTTP/1.1\r\nHost: a\r\nX: a\u{7F}\r\n\r\n", .invalidFieldValue),
    ErrorCase("missing Host in HTTP/1.1", "GET / HTTP/1.1\r\nX: a\r\n\r\n", .missingHost),
    ErrorCase("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nhost: b\r\n\r\n", .multipleHosts),
    ErrorCase("two Host fields in HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n", .multipleHosts),
    ErrorCase("space in Host", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n", .invalidHost),
    ErrorCase("slash in Host", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n", .invalidHost),
    ErrorCase("userinfo in Host", "GET / HTTP/1.1\r\nHost: user@a\r\n\r\n", .invalidHost),
    ErrorCase("too many fields", "GET / HTTP/1.1\r\nHost: a\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n", .tooManyHeaders, 431, limits: small),
    ErrorCase("header block too large", "GET / HTTP/1.1\r\nHost: a\r\nA: 0123456789012345678901234567890\r\n\r\n",
              .headerBlockTooLarge, 431, limits: small),
    ErrorCase("header block too large ending in a bare LF", "GET / HTTP/1.1\r\nHost: a\r\nA: 0123456789012345678901234567890\n\r\n",
              .headerBlockTooLarge, 431, limits: small),

    // Content-Length (llhttp content-length.md).
    ErrorCase("Content-Length and Transfer-Encoding", post + "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n",
              .contentLengthWithTransferEncoding),
    ErrorCase("Transfer-Encoding and Content-Length", post + "Transfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\n",
              .contentLengthWithTransferEncoding),
    ErrorCase("invalid Content-Length with Transfer-Encoding", post + "Transfer-Encoding: chunked\r\nContent-Length: x\r\n\r\n",
              .contentLengthWithTransferEncoding),
    ErrorCase("differing Content-Length fields", post + "Content-Length: 5\r\nContent-Length: 6\r\n\r\n", .conflictingContentLength),
    ErrorCase("differing Content-Length list", post + "Content-Length: 5, 6\r\n\r\n", .conflictingContentLength),
    ErrorCase("Content-Length not digits", post + "Content-Length: abc\r\n\r\n", .invalidContentLength),
    ErrorCase("negative Content-Length", post + "Content-Length: -1\r\n\r\n", .invalidContentLength),
    ErrorCase("signed Content-Length", post + "Content-Length: +5\r\n\r\n", .invalidContentLength),
    ErrorCase("Content-Length with inner space", post + "Content-Length: 1 2\r\n\r\n", .invalidContentLength),
    ErrorCase("empty Content-Length", post + "Content-Length: \r\n\r\n", .invalidContentLength),
    ErrorCase("Content-Length list with an empty element", post + "Content-Length: 5,\r\n\r\n", .invalidContentLength),
    ErrorCase("hex Content-Length", post + "Content-Length: 0x5\r\n\r\n", .invalidContentLength),
    ErrorCase("overflowing Content-Length", post + "Content-Length: 99999999999999999999\r\n\r\n", .invalidContentLength),
    ErrorCase("Content-Length past the body limit", post + "Content-Length: 11\r\n\r\n", .bodyTooLarge, 413, limits: small),
    ErrorCase("default body limit", post + "Content-Length: 1048577\r\n\r\n", .bodyTooLarge, 413),

    // Transfer-Encoding (llhttp transfer-encoding.md).
    ErrorCase("Transfer-Encoding in HTTP/1.0", "POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", .transferEncodingInHTTP10),
    ErrorCase("chunked twice", post + "Transfer-Encoding: chunked, chunked\r\n\r\n", .chunkedNotFinal),
    ErrorCase("chunked twice in two fields", post + "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n",
              .chunkedNotFinal),
    ErrorCase("chunked not last", post + "Transfer-Encoding: chunked, gzip\r\n\r\n", .chunkedNotFinal),
    ErrorCase("gzip alone", post + "Transfer-Encoding: gzip\r\n\r\n", .unsupportedTransferCoding, 501),
    ErrorCase("identity", post + "Transfer-Encoding: identity\r\n\r\n", .unsupportedTransferCoding, 501),
    ErrorCase("gzip then chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n", .unsupportedTransferCoding, 501),
    ErrorCase("empty Transfer-Encoding", post + "Transfer-Encoding: \r\n\r\n", .invalidTransferEncoding),
    ErrorCase("chunked with a parameter", post + "Transfer-Encoding: chunked;q=1\r\n\r\n", .invalidTransferEncoding),
    ErrorCase("non-token coding", post + "Transfer-Encoding: \"chunked\"\r\n\r\n", .invalidTransferEncoding),

    // Chunked bodies.
    ErrorCase("chunk size not hex", chunkedPost + "zz\r\n", .invalidChunkSize),
    ErrorCase("negative chunk size", chunkedPost + "-1\r\n", .invalidChunkSize),
    ErrorCase("empty chunk size", chunkedPost + "\r\n", .invalidChunkSize),
    ErrorCase("chunk size with 0x", chunkedPost + "0x5\r\nhello\r\n0\r\n\r\n", .invalidChunkSize),
    ErrorCase("chunk size with trailing space", chunkedPost + "5 \r\nhello\r\n0\r\n\r\n", .invalidChunkSize),
    ErrorCase("chunk size with 17 digits", chunkedPost + "00000000000000001\r\nx\r\n0\r\n\r\n", .invalidChunkSize),
    ErrorCase("overflowing chunk size", chunkedPost + "fffffffffffffffff\r\n", .invalidChunkSize),
    ErrorCase("chunk size line with bare LF", chunkedPost + "5\nhello\r\n0\r\n\r\n", .bareLineFeed),
    ErrorCase("chunk size line with bare CR", chunkedPost + "5\rhello\r\n0\r\n\r\n", .bareCarriageReturn),
    ErrorCase("chunk data longer than its size", chunkedPost + "5\r\nhelloX\r\n0\r\n\r\n", .invalidChunkTerminator),
    ErrorCase("chunk data with bare LF terminator", chunkedPost + "5\r\nhello\n0\r\n\r\n", .invalidChunkTerminator),
    ErrorCase("semicolon without an extension", chunkedPost + "2;\r\naa\r\n0\r\n\r\n", .invalidChunkExtension),
    ErrorCase("extension without a semicolon", chunkedPost + "2 erfrferferf\r\naa\r\n0\r\n\r\n", .invalidChunkSize),
    ErrorCase("unbalanced quote in an extension", chunkedPost + "5;a=\"abc\";b=\"def; ghi\r\nhello\r\n0\r\n\r\n",
              .invalidChunkExtension),
    ErrorCase("whitespace ending an extension", chunkedPost + "5;a=b \r\nhello\r\n0\r\n\r\n", .invalidChunkExtension),
    ErrorCase("extension without a name", chunkedPost + "5;=b\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension),
    ErrorCase("extension with an empty value", chunkedPost + "5;a=\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension),
    ErrorCase("missing last-chunk", chunkedPost + "3\r\nfoo\r\n\r\n", .invalidChunkSize),
    ErrorCase("chunk size line ending in CR CR", chunkedPost + "5\r\r;ABCD\r\n34\r\nE\r\n0\r\n\r\n", .bareCarriageReturn),
    ErrorCase("chunk data not followed by CRLF", chunkedPost + "5\r\nABCDE0\r\n\r\n", .invalidChunkTerminator),
    ErrorCase("control byte in a chunk extension", chunkedPost + "5;a=\u{01}\r\nhello\r\n0\r\n\r\n", .invalidChunkExtension),
    ErrorCase("chunk extension too long", chunkedPost + "5;aaaaaaaaa\r\nhello\r\n0\r\n\r\n", .chunkExtensionTooLarge,
              limits: small),
    ErrorCase("chunked body past the limit", chunkedPost + "6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n", .bodyTooLarge, 413,
              limits: small),
    ErrorCase("trailers too large", chunkedPost + "0\r\nX-Trailer: 0123456789\r\n\r\n", .trailersTooLarge, 431, limits: small),
    ErrorCase("control byte in a trailer", chunkedPost + "0\r\nX: \u{01}\r\n\r\n", .invalidTrailer),
    ErrorCase("bare LF ending the trailers", chunkedPost + "0\r\n\n", .bareLineFeed),
    ErrorCase("bare CR ending the trailers", chunkedPost + "0\r\n\rX", .bareCarriageReturn),
]

struct RequestDecoderErrorTests {
    @Test(arguments: errorCases)
    func rejectsMalformedFramingWholeAndSplitAtEveryOffset(_ testCase: ErrorCase) {
        #expect(testCase.error.status.code == testCase.status)
        for split in WireFeeder.splits(of: testCase.wire.count) {
            #expect(throws: testCase.error, "\(split.name)") {
                try WireFeeder.decode(testCase.wire, cuts: split.cuts, limits: testCase.limits)
            }
        }
    }

    @Test func spentDecoderKeepsThrowingTheSameError() throws {
        var decoder = HTTPRequestDecoder()
        let wire = [UInt8](wire: "GET / HTTP/1.1\r\n\r\n")
        #expect(throws: HTTPParseError.missingHost) { try wire.withUnsafeBytes { try decoder.decode($0) } }
        let valid = [UInt8](wire: "GET / HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(throws: HTTPParseError.missingHost) { try valid.withUnsafeBytes { try decoder.decode($0) } }
    }

    @Test(arguments: HTTPParseError.allCases)
    func everyErrorMapsToAClientErrorStatus(_ error: HTTPParseError) {
        #expect([400, 413, 414, 431, 501, 505].contains(error.status.code))
    }

    @Test func everyErrorCaseIsCoveredByTheTable() {
        let covered = Set(errorCases.map(\.error))
        #expect(covered == Set(HTTPParseError.allCases))
    }
}
