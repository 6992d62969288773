import Testing

@testable import Toggles

/// The REGEX operator's engine: what it accepts, what it refuses, and that
/// its cost stays linear in the input.
@Suite struct BoundedRegexTests {
    @Test(arguments: [
        ("^[^@]+@[^@]+$", "a@b", true),
        ("^user\\d{3}$", "user123", true),
        ("^a{2,4}$", "aaaaa", false),
        ("(?i)^abc$", "ABC", true),
        ("^(foo|fo)$", "fo", true),
        ("\\bcat\\b", "a cat b", true),
        ("\\bcat\\b", "concat", false),
        ("[[:digit:]]+", "x9", true),
        ("a.c", "a\nc", false),
        ("(?s)a.c", "a\nc", true),
        ("^\\$5\\.00$", "$5.00", true),
    ])
    func matches(_ pattern: String, _ input: String, _ expected: Bool) throws {
        #expect(try BoundedRegex(pattern).matches(input) == expected)
    }

    @Test(arguments: ["(regex", "(?=a)b", "(a)\\1", "a)", "*a", "[z-a]", "a{1001}", "\\q"])
    func refuses(_ pattern: String) {
        #expect(throws: RegexError.self) { try BoundedRegex(pattern) }
    }

    /// `(a*)*b` against many `a`s is the classic catastrophic pattern for
    /// backtracking engines; here it is one pass over the input.
    @Test func pathologicalPatternIsLinear() throws {
        let regex = try BoundedRegex("^(a*)*(a|aa)*b$")
        let clock = ContinuousClock()
        let elapsed = clock.measure { #expect(!regex.matches(String(repeating: "a", count: 4_000))) }
        #expect(elapsed < .seconds(2))
    }

    @Test func limitsAreNamedAndEnforced() {
        let limits = ToggleLimits(maxRegexPatternLength: 8, maxRegexProgramSize: 16, maxRegexInputLength: 4)
        #expect(throws: RegexError.tooLong(limit: 8)) { try BoundedRegex("abcdefghi", limits: limits) }
        #expect(throws: RegexError.programTooLarge(limit: 16)) { try BoundedRegex("a{20}", limits: limits) }
        #expect((try? BoundedRegex("a", limits: limits).matches("bbbba")) == false)  // over the input cap
    }
}
