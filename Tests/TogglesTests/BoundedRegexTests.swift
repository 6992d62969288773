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

    @Test(arguments: ["(regex", "(?=a)b", "(a)\\1", "a)", "*a", "[z-a]", "a{1001}", "\\q", "a**", "a{2}{3}", "a+*?"])
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
        #expect(throws: RegexError.tooComplex(limit: 40)) { try BoundedRegex("(a{0}){50}", limits: ToggleLimits(maxRegexCompileWork: 40)) }
        #expect((try? BoundedRegex("a", limits: limits).matches("bbbba")) == false)  // over the input cap
    }

    /// Repeated quantifiers, grouped or not, spelled every way: the answers
    /// the dialect gives, whatever the expansion.
    @Test(arguments: [
        ("^(?:a{2}){3}$", "aaaaaa", true),
        ("^(?:a{2}){3}$", "aaaaa", false),
        ("^(?:a{0})+b$", "b", true),
        ("^(?:ab|){2,3}$", "abab", true),
        ("^(?:a?){3}b$", "ab", true),
        ("^(?:[a-c]{1,2}){2}$", "abcab", false),
        ("(?i)^[a-cx-z]+$", "AbYz", true),
        ("(?i)^[^a-c]$", "B", false),
        ("^[a-cb-d]+$", "abcd", true),
        ("^[\\d\\s]+$", "1 2", true),
        ("^[[:^alpha:]]+$", "12!", true),
        ("^\\W\\S$", "!x", true),
        ("\\Bat\\B", "at", false),
        ("\\Bat\\B", "batch", true),
    ])
    func repetitionsAndSets(_ pattern: String, _ input: String, _ expected: Bool) throws {
        #expect(try BoundedRegex(pattern).matches(input) == expected)
    }
}
