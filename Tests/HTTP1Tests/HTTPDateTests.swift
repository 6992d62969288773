import Testing
import HTTP1

struct DateCase: Sendable, CustomTestStringConvertible {
    var seconds: Int
    var expected: String
    var testDescription: String { expected }
}

/// Expected strings from Python's `email.utils.formatdate(seconds, usegmt=True)`.
let dateCases: [DateCase] = [
    DateCase(seconds: 0, expected: "Thu, 01 Jan 1970 00:00:00 GMT"),
    DateCase(seconds: 784_111_777, expected: "Sun, 06 Nov 1994 08:49:37 GMT"),  // RFC 9110 §5.6.7's example
    DateCase(seconds: 951_782_400, expected: "Tue, 29 Feb 2000 00:00:00 GMT"),
    DateCase(seconds: 68_169_600, expected: "Tue, 29 Feb 1972 00:00:00 GMT"),
    DateCase(seconds: 1_709_164_800, expected: "Thu, 29 Feb 2024 00:00:00 GMT"),
    DateCase(seconds: 1_700_000_000, expected: "Tue, 14 Nov 2023 22:13:20 GMT"),
    DateCase(seconds: 253_402_300_799, expected: "Fri, 31 Dec 9999 23:59:59 GMT"),
    DateCase(seconds: -1, expected: "Wed, 31 Dec 1969 23:59:59 GMT"),
]

struct HTTPDateTests {
    @Test(arguments: dateCases)
    func formatsIMFFixdate(_ testCase: DateCase) {
        #expect(HTTPDate.format(secondsSince1970: testCase.seconds) == testCase.expected)
    }
}
