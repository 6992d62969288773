import Testing

@testable import Toggles

/// The work bounds of the REGEX engine: compiling is charged per node visited
/// and per instruction emitted, matching per thread step, so the worst
/// patterns a toggle server can send cost a bounded amount, counted rather
/// than timed.
@Suite struct RegexBoundsTests {
    static let limits = ToggleLimits()

    /// The security issue's pattern: 36 bytes, no instruction emitted, 10¹²
    /// copies to expand. Refused at the work limit; the wall bound is only a
    /// backstop (release takes under a millisecond).
    @Test func nestedRepetitionOfNothingIsRefusedAtTheWorkLimit() {
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            #expect(throws: RegexError.tooComplex(limit: Self.limits.maxRegexCompileWork)) {
                try BoundedRegex("((((a{0}){1000}){1000}){1000}){1000}")
            }
        }
        #expect(elapsed < .seconds(2))
    }

    /// Each node visit costs a unit even when it emits nothing: the outer
    /// repetition, its 40 copies of `a{0}`, and the final `match`.
    @Test func partsThatEmitNothingStillCostWork() throws {
        let regex = try BoundedRegex("(?:a{0}){40}")
        #expect(regex.program == [.match])
        #expect(regex.compileWork == 42)
        #expect(throws: RegexError.tooComplex(limit: 41)) { try BoundedRegex("(?:a{0}){40}", limits: ToggleLimits(maxRegexCompileWork: 41)) }
    }

    enum Outcome: Sendable, Equatable {
        case accepted
        case refused(RegexError)
    }

    struct WorstCase: Sendable, CustomTestStringConvertible {
        var name: String
        var pattern: String
        var outcome: Outcome
        var testDescription: String { name }
    }

    /// Patterns of at most 512 bytes built to cost the most: nested counted
    /// repetition of nothing, `{n,m}` at every level, alternations of empty
    /// branches, class-heavy brackets, the group nesting cap.
    static let worstCases: [WorstCase] = [
        WorstCase(name: "issue pattern", pattern: "((((a{0}){1000}){1000}){1000}){1000}", outcome: .refused(.tooComplex(limit: 32_768))),
        WorstCase(
            name: "60 nested {1000} over a{0}", pattern: String(repeating: "(", count: 60) + "a{0}" + String(repeating: "){1000}", count: 60),
            outcome: .refused(.tooComplex(limit: 32_768))),
        WorstCase(
            name: "48 nested {0,1000} over a class range",
            pattern: String(repeating: "(", count: 48) + "[a-z\\d]{0,1000}" + String(repeating: "){0,1000}", count: 48),
            outcome: .refused(.programTooLarge(limit: 4_096))),
        WorstCase(
            name: "500 empty branches, {1000}", pattern: "(?:" + String(repeating: "|", count: 500) + "){1000}",
            outcome: .refused(.programTooLarge(limit: 4_096))),
        WorstCase(
            name: "125 a{0} in a {1000}", pattern: "(?:" + String(repeating: "a{0}", count: 125) + "){1000}",
            outcome: .refused(.tooComplex(limit: 32_768))),
        WorstCase(
            name: "80 a{0,0} in a {0,1000}", pattern: "(?:" + String(repeating: "a{0,0}", count: 80) + "){0,1000}",
            outcome: .refused(.tooComplex(limit: 32_768))),
        WorstCase(
            name: "100 alternatives of a{0}, {1000}",
            pattern: "(?:" + Array(repeating: "a{0}", count: 100).joined(separator: "|") + "){1000}",
            outcome: .refused(.programTooLarge(limit: 4_096))),
        WorstCase(
            name: "100 empty groups, {1000}", pattern: "(?:" + String(repeating: "(?:|)", count: 100) + "){1000}",
            outcome: .refused(.programTooLarge(limit: 4_096))),
        WorstCase(
            name: "class-heavy bracket, nested {1000}",
            pattern: "(?i)(?:[" + String(repeating: "\\w\\d\\s[:alpha:][:^punct:]", count: 19) + "]{1000}){1000}",
            outcome: .refused(.programTooLarge(limit: 4_096))),
        WorstCase(name: "just under the work limit", pattern: "(?:(?:a{0}){15}b){1000}", outcome: .accepted),
        WorstCase(
            name: "60 nested stars", pattern: String(repeating: "(", count: 60) + "a*" + String(repeating: ")*", count: 60), outcome: .accepted),
        WorstCase(name: "170 brackets", pattern: String(repeating: "[a]", count: 170), outcome: .accepted),
        WorstCase(name: "56 POSIX classes in one bracket", pattern: "[" + String(repeating: "[:alpha:]", count: 56) + "]", outcome: .accepted),
        WorstCase(
            name: "65 nested groups", pattern: String(repeating: "(", count: 65) + "a" + String(repeating: ")", count: 65),
            outcome: .refused(.unsupported("groups nested deeper than 64"))),
    ]

    @Test(arguments: worstCases)
    func worstPatternsCompileOrAreRefusedWithinTheBounds(_ worst: WorstCase) {
        #expect(worst.pattern.utf8.count <= 512)
        let clock = ContinuousClock()
        var outcome = Outcome.accepted
        let elapsed = clock.measure {
            do throws(RegexError) {
                let regex = try BoundedRegex(worst.pattern)
                #expect(regex.compileWork <= Self.limits.maxRegexCompileWork)
                #expect(regex.program.count <= Self.limits.maxRegexProgramSize)
                // A successful compile pays at least a unit per instruction.
                #expect(regex.compileWork >= regex.program.count)
            } catch {
                outcome = .refused(error)
            }
        }
        #expect(outcome == worst.outcome)
        // A backstop only: the bound is the work count (about 1 ms at worst in release).
        #expect(elapsed < .seconds(2))
    }

    /// Every thread alive at every position (a 4,002-instruction program over
    /// 4,096 `a`s): the step limit ends the evaluation, as a no-match, within
    /// one position's worth of steps past it.
    @Test func matchingStopsAtTheStepLimit() throws {
        let regex = try BoundedRegex("(?:a{1000}){4}b")
        let budget = RegexStepBudget(steps: .max)
        #expect(!regex.matches(String(repeating: "a", count: 4_096), budget: budget))
        let steps = Int.max - budget.available
        #expect(steps >= Self.limits.maxRegexMatchSteps)
        #expect(steps <= Self.limits.maxRegexMatchSteps + 4 * regex.program.count + 1)
    }

    /// Without the step limit, matching stays within `maxSteps`, classes and
    /// case folding included: each set test is one step, not a scan.
    @Test func matchingStaysWithinItsStepBound() throws {
        let limits = ToggleLimits(maxRegexMatchSteps: .max)
        let pattern = "(?i)(?:[" + String(repeating: "\\d\\s", count: 100) + "é]?){300}\\bb"
        let regex = try BoundedRegex(pattern, limits: limits)
        let input = String(repeating: "É", count: 300)
        var steps = 0
        #expect(!regex.matches(input, steps: &steps, limit: .max))
        #expect(steps <= regex.maxSteps(inputLength: 300))
        #expect(regex.matches(input + " b"))
    }

    /// A request's evaluation shares one budget: a state that references one
    /// costly REGEX from many strategies gets the answers a cheap state would
    /// until the budget is spent, then those constraints match nothing.
    @Test func oneEnvironmentSpendsOneBudget() throws {
        let regex = try BoundedRegex("b")
        let value = String(repeating: "a", count: 1_000) + "b"
        var steps = 0
        #expect(regex.matches(value, steps: &steps, limit: .max))
        let budget = RegexStepBudget(steps: 2 * steps + 1)
        #expect(regex.matches(value, budget: budget))
        #expect(regex.matches(value, budget: budget))
        #expect(budget.available == 1)
        #expect(!regex.matches(value, budget: budget))
        #expect(budget.available == 0)
        #expect(!regex.matches(value, budget: budget))
    }

    /// What a user sees of the step limit: a value that would take more steps
    /// than allowed does not match, as a value over the length limit does;
    /// a shorter one still matches.
    @Test func aValueOverTheStepLimitDoesNotMatch() throws {
        let regex = try BoundedRegex("b", limits: ToggleLimits(maxRegexMatchSteps: 1_000))
        #expect(!regex.matches(String(repeating: "a", count: 1_000) + "b"))
        #expect(regex.matches("ab"))
        #expect(try BoundedRegex("b").matches(String(repeating: "a", count: 1_000) + "b"))
    }
}
