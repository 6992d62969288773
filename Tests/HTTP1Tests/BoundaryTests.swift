import Testing
@testable import HTTP1

struct BoundaryCase: Sendable, CustomTestStringConvertible {
    var name: String
    var wire: [UInt8]
    var limits: HTTPLimits
    /// The body of the one request, or the error.
    var expected: Result<[UInt8], HTTPParseError>
    var testDescription: String { name }

    init(_ name: String, _ wire: String, _ limits: HTTPLimits, body: String) {
        self.name = name
        self.wire = Array(wire.utf8)
        self.limits = limits
        expected = .success(Array(body.utf8))
    }

    init(_ name: String, _ wire: String, _ limits: HTTPLimits, error: HTTPParseError) {
        self.name = name
        self.wire = Array(wire.utf8)
        self.limits = limits
        expected = .failure(error)
    }
}

/// Each limit exactly reached (accepted) and passed by one byte (rejected).
let boundaryCases: [BoundaryCase] = [
    // "GET /123456 HTTP/1.1" is 20 bytes.
    BoundaryCase("request line at its limit", "GET /123456 HTTP/1.1\r\nHost: a\r\n\r\n", HTTPLimits(maxRequestLineLength: 20), body: ""),
    BoundaryCase("request line one past its limit", "GET /1234567 HTTP/1.1\r\nHost: a\r\n\r\n", HTTPLimits(maxRequestLineLength: 20),
                 error: .requestLineTooLong),
    // "Host: a\r\nX: 12345\r\n" is 19 bytes.
    BoundaryCase("header block at its limit", "GET / HTTP/1.1\r\nHost: a\r\nX: 12345\r\n\r\n", HTTPLimits(maxHeaderBlockBytes: 19), body: ""),
    BoundaryCase("header block one past its limit", "GET / HTTP/1.1\r\nHost: a\r\nX: 123456\r\n\r\n", HTTPLimits(maxHeaderBlockBytes: 19),
                 error: .headerBlockTooLarge),
    BoundaryCase("field count at its limit", "GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n\r\n", HTTPLimits(maxHeaderCount: 2), body: ""),
    BoundaryCase("field count one past its limit", "GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\nY: 2\r\n\r\n", HTTPLimits(maxHeaderCount: 2),
                 error: .tooManyHeaders),
    BoundaryCase("Content-Length at the body limit", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nabcd",
                 HTTPLimits(maxBodyBytes: 4), body: "abcd"),
    BoundaryCase("Content-Length one past the body limit", "POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nabcde",
                 HTTPLimits(maxBodyBytes: 4), error: .bodyTooLarge),
    BoundaryCase("chunked total at the body limit", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n2\r\ncd\r\n0\r\n\r\n",
                 HTTPLimits(maxBodyBytes: 4), body: "abcd"),
    BoundaryCase("chunked total one past the body limit",
                 "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nab\r\n3\r\ncde\r\n0\r\n\r\n",
                 HTTPLimits(maxBodyBytes: 4), error: .bodyTooLarge),
    BoundaryCase("chunk extension at its limit", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1 ;a=b\r\nx\r\n0\r\n\r\n",
                 HTTPLimits(maxChunkExtensionBytes: 5), body: "x"),
    BoundaryCase("chunk extension one past its limit",
                 "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n1 ;a=bc\r\nx\r\n0\r\n\r\n",
                 HTTPLimits(maxChunkExtensionBytes: 5), error: .chunkExtensionTooLarge),
    // Trailer bytes count the line contents, without CRLFs.
    BoundaryCase("trailers at their limit", "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nA: 1\r\nB: 2\r\n\r\n",
                 HTTPLimits(maxTrailerBytes: 8), body: ""),
    BoundaryCase("trailers one past their limit",
                 "POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\nA: 1\r\nB: 23\r\n\r\n",
                 HTTPLimits(maxTrailerBytes: 8), error: .trailersTooLarge),
]

struct BoundaryTests {
    @Test(arguments: boundaryCases)
    func limitsAreInclusive(_ testCase: BoundaryCase) {
        for split in WireFeeder.splits(of: testCase.wire.count) {
            switch testCase.expected {
            case .success(let body):
                let decoded = try? WireFeeder.decode(testCase.wire, cuts: split.cuts, limits: testCase.limits)
                #expect(decoded?.map(\.body) == [body], "\(split.name)")
            case .failure(let error):
                #expect(throws: error, "\(split.name)") {
                    try WireFeeder.decode(testCase.wire, cuts: split.cuts, limits: testCase.limits)
                }
            }
        }
    }

    @Test func headArrivingWholeIsParsedInPlace() throws {
        var decoder = HTTPRequestDecoder()
        let wire = [UInt8](wire: "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\n")
        var offset = 0
        for _ in 0..<8 {
            let (event, consumed) = try wire.withUnsafeBytes { try decoder.decode(UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            offset += consumed
            #expect(decoder.bufferedHeadBytes == 0)
            if case .needMoreData = event { break }
        }
        #expect(offset == wire.count)
    }

    /// picohttpparser's `last_len`: a head arriving in pieces is scanned from where the last scan stopped.
    @Test func scannerResumesWhereItStopped() throws {
        let wire = [UInt8](wire: "GET / HTTP/1.1\r\nHost: a\r\nX: 1\r\n\r\n")
        var scanner = HeadScanner()
        for length in 1..<wire.count {
            let outcome = try wire[..<length].withUnsafeBytes { try scanner.scan($0, limits: HTTPLimits()) }
            guard case .incomplete = outcome else {
                Issue.record("complete after \(length) bytes")
                return
            }
            #expect(scanner.scanned == length)
        }
        let outcome = try wire.withUnsafeBytes { try scanner.scan($0, limits: HTTPLimits()) }
        guard case .complete(let end) = outcome else {
            Issue.record("incomplete with the whole head")
            return
        }
        #expect(end == wire.count && scanner.fieldCount == 2)
    }

    @Test func splitHeadIsBufferedOnlyUntilComplete() throws {
        var decoder = HTTPRequestDecoder()
        let first = [UInt8](wire: "GET / HTTP/1.1\r\nHo")
        let second = [UInt8](wire: "st: a\r\n\r\nGET")
        let a = try first.withUnsafeBytes { try decoder.decode($0) }
        #expect(a.consumed == first.count && decoder.bufferedHeadBytes == first.count && decoder.isMidRequest)
        let b = try second.withUnsafeBytes { try decoder.decode($0) }
        guard case .head(let head) = b.event else {
            Issue.record("expected the head, got \(b.event)")
            return
        }
        #expect(head.headers["host"] == "a")
        #expect(b.consumed == second.count - 3 && decoder.bufferedHeadBytes == 0)
    }
}
