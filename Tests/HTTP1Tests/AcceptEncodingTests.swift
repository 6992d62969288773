import Testing
@testable import HTTP1

struct NegotiationCase: Sendable, CustomTestStringConvertible {
    var name: String
    var lines: [String]
    var offered: [ContentCoding]
    var expected: ContentCoding?
    var testDescription: String { name }

    /// One `Accept-Encoding` field line (`nil`: the field is absent).
    init(_ name: String, _ line: String?, _ expected: ContentCoding?, offered: [ContentCoding] = [.br, .gzip, .identity]) {
        self.init(name, lines: line.map { [$0] } ?? [], expected, offered: offered)
    }

    init(_ name: String, lines: [String], _ expected: ContentCoding?, offered: [ContentCoding] = [.br, .gzip, .identity]) {
        self.name = name
        self.lines = lines
        self.offered = offered
        self.expected = expected
    }
}

private let filler = Array(repeating: "deflate", count: 999)

/// RFC 9110 §12.5.3 over what clients send and what a hostile one might.
let negotiationCases: [NegotiationCase] = [
    // What clients send.
    NegotiationCase("URLSession (iOS 15+)", "gzip, deflate, br", .br),
    NegotiationCase("URLSession with weights", "br;q=1.0, gzip;q=0.9, deflate;q=0.8", .br),
    NegotiationCase("curl --compressed (7.88, Debian 12)", "deflate, gzip, br, zstd", .br),
    NegotiationCase("curl --compressed without brotli", "deflate, gzip", .gzip),
    NegotiationCase("Chrome", "gzip, deflate, br, zstd", .br),
    NegotiationCase("Android OkHttp", "gzip", .gzip),
    NegotiationCase("no field: identity", nil, .identity),
    NegotiationCase("an empty field wants no coding", "", .identity),
    NegotiationCase("a field of whitespace", " \t ", .identity),
    NegotiationCase("only codings we do not make", "deflate, zstd, compress", .identity),
    // Weights.
    NegotiationCase("gzip refused", "gzip;q=0", .identity),
    NegotiationCase("gzip refused, br accepted", "gzip;q=0, br", .br),
    NegotiationCase("gzip preferred by weight over the server's order", "br;q=0.5, gzip", .gzip),
    NegotiationCase("three decimals compare", "br;q=0.501, gzip;q=0.5", .br),
    NegotiationCase("equal weights: the server's order", "gzip;q=0.7, br;q=0.7", .br),
    NegotiationCase("q=1. and q=1.000 are 1", "gzip;q=1., br;q=1.000", .br),
    NegotiationCase("q=0. refuses", "br;q=0., gzip;q=0.000", .identity),
    NegotiationCase("the least weight still beats identity by default", "gzip;q=0.001", .gzip),
    NegotiationCase("identity named at 1 beats a lesser coding", "gzip;q=0.5, identity", .identity),
    NegotiationCase("identity named lower than a coding", "gzip, identity;q=0.5", .gzip),
    // The wildcard.
    NegotiationCase("star: the server's first", "*", .br),
    NegotiationCase("star refused: nothing acceptable", "*;q=0", nil),
    NegotiationCase("star refused, identity named", "*;q=0, identity", .identity),
    NegotiationCase("star refused, gzip named", "*;q=0, gzip;q=0.2", .gzip),
    NegotiationCase("star refused, identity named and refused", "identity;q=0, *;q=0", nil),
    NegotiationCase("a named coding outranks star", "*;q=0.5, br;q=0.4", .gzip),
    NegotiationCase("star gives identity its weight too", "*;q=0.5, identity;q=0.2, br;q=0.3", .gzip),
    NegotiationCase("a named refusal beats star", "gzip;q=0, br;q=0, *", .identity),
    // identity.
    NegotiationCase("identity refused, nothing else", "identity;q=0", nil),
    NegotiationCase("identity refused, gzip accepted", "identity;q=0, gzip", .gzip),
    NegotiationCase("identity alone", "identity", .identity),
    // Spelling.
    NegotiationCase("codings in upper case", "GZIP;Q=0.5, BR;q=0.4", .gzip),
    NegotiationCase("x-gzip is gzip", "x-gzip", .gzip),
    NegotiationCase("X-GZIP is gzip", "X-GZIP;Q=1", .gzip),
    NegotiationCase("x-gzip refused refuses gzip", "x-gzip;q=0, gzip", .identity),
    NegotiationCase("Identity in mixed case", "*;q=0, IdEnTiTy", .identity),
    NegotiationCase("whitespace around elements and semicolons", "  br ; q=0.8 ,\tgzip\t;\tq=0.9  ", .gzip),
    NegotiationCase("whitespace around the equals sign", "br;q = 0.8, gzip;q= 0.9", .gzip),
    NegotiationCase("empty elements", ",, ,br;q=0.1,,", .br),
    NegotiationCase("not a prefix: gzipx", "gzipx, brotli", .identity),
    // Malformed elements are ignored.
    NegotiationCase("q above 1 by a ten-thousandth", "br;q=1.0001, gzip;q=0.5", .gzip),
    NegotiationCase("q of four decimals", "br;q=0.1234, gzip;q=0.1", .gzip),
    NegotiationCase("q not a number", "br;q=abc, gzip;q=0.1", .gzip),
    NegotiationCase("q negative", "br;q=-1", .identity),
    NegotiationCase("q above 1", "br;q=2", .identity),
    NegotiationCase("q of 1.5", "br;q=1.5, gzip;q=0.2", .gzip),
    NegotiationCase("q empty", "br;q=, gzip;q=0.2", .gzip),
    NegotiationCase("q with a trailing letter", "br;q=0.5x, gzip;q=0.2", .gzip),
    NegotiationCase("q with a leading dot", "br;q=.5, gzip;q=0.2", .gzip),
    NegotiationCase("another parameter", "br;level=1, gzip;q=0.2", .gzip),
    NegotiationCase("two weights", "br;q=0.5;q=0.6, gzip;q=0.2", .gzip),
    NegotiationCase("a trailing semicolon", "br;, gzip;q=0.2", .gzip),
    NegotiationCase("a parameter without a coding", ";q=0.5, gzip;q=0.2", .gzip),
    NegotiationCase("a space inside the coding", "b r, gzip;q=0.2", .gzip),
    NegotiationCase("a non-token byte", "gz\u{e9}ip, br(1)", .identity),
    NegotiationCase("a NUL byte", "br\u{0}, gzip;q=0.2", .gzip),
    NegotiationCase("a malformed refusal is no refusal", "gzip;q=0;x=y, *", .br),
    // Duplicates keep their lowest weight.
    NegotiationCase("accepted then refused", "gzip, gzip;q=0", .identity),
    NegotiationCase("refused then accepted", "gzip;q=0, gzip", .identity),
    NegotiationCase("the lower of two weights", "gzip;q=0.3, gzip;q=0.8, br;q=0.5", .br),
    NegotiationCase("star twice", "*;q=0.9, *;q=0", nil),
    // Several field lines are one list (RFC 9110 §5.3).
    NegotiationCase("two lines", lines: ["gzip;q=0.5", "br"], .br),
    NegotiationCase("a refusal on the second line", lines: ["br", "br;q=0"], .identity),
    NegotiationCase("an empty line among others", lines: ["", "gzip"], .gzip),
    // What the server offers.
    NegotiationCase("the server's order breaks ties", "gzip, br", .gzip, offered: [.gzip, .br, .identity]),
    NegotiationCase("br not offered", "br", .identity, offered: [.gzip, .identity]),
    NegotiationCase("identity not offered, nothing else accepted", "br", nil, offered: [.gzip]),
    NegotiationCase("identity not offered, empty field", "", nil, offered: [.br, .gzip]),
    NegotiationCase("nothing offered", "*", nil, offered: []),
    NegotiationCase("identity alone offered", "gzip, br", .identity, offered: [.identity]),
    // The bound: 64 elements over all lines, empty ones counted.
    NegotiationCase("1,000 elements, gzip first", (["gzip"] + filler).joined(separator: ", "), .gzip),
    NegotiationCase("1,000 elements, gzip last: not read", (filler + ["gzip"]).joined(separator: ", "), .identity),
    NegotiationCase("gzip the 64th element", (filler.prefix(63) + ["gzip"]).joined(separator: ","), .gzip),
    NegotiationCase("gzip the 65th element", (filler.prefix(64) + ["gzip"]).joined(separator: ","), .identity),
    NegotiationCase("gzip after 64 empty elements", String(repeating: ",", count: 64) + "gzip", .identity),
    NegotiationCase("a refusal past the bound is not read", (["gzip"] + filler + ["gzip;q=0"]).joined(separator: ","), .gzip),
    NegotiationCase("1,000 lines", lines: filler + ["gzip"], .identity),
    NegotiationCase("the bound counts over lines", lines: Array(filler.prefix(63)) + ["gzip"], .gzip),
]

struct AcceptEncodingTests {
    @Test(arguments: negotiationCases)
    func negotiates(_ testCase: NegotiationCase) {
        #expect(ContentCoding.preferred(testCase.lines, offered: testCase.offered) == testCase.expected)
    }

    @Test func readsSubstringsAsStrings() {
        let field = "x, br;q=0.2, gzip;q=0.3, y"
        let lines = field.split(separator: "|")
        #expect(ContentCoding.preferred(lines, offered: [.br, .gzip, .identity]) == .gzip)
    }

    @Test func headerValuesAreTheRegistryTokens() {
        #expect(ContentCoding.allCases.map(\.headerValue) == ["br", "gzip", "identity"])
    }

    /// A hostile field costs the bound, not its length: 100,000 elements are read as 64.
    @Test func aLongFieldIsReadOnlyToTheBound() {
        let huge = Array(repeating: "gzip;q=0.5", count: 100_000).joined(separator: ", ") + ", br"
        let clock = ContinuousClock()
        var chosen: ContentCoding?
        let elapsed = clock.measure {
            for _ in 0..<1_000 { chosen = ContentCoding.preferred([huge], offered: [.br, .gzip, .identity]) }
        }
        #expect(chosen == .gzip)
        // 1,000 reads of 64 elements; scanning the 1.2 MB each time would take seconds.
        #expect(elapsed < .seconds(1))
    }
}
